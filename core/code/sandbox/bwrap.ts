// The bubblewrap command line for a Python sandbox: every namespace unshared (no network, own
// PIDs), the system read-only, a private /tmp, no /etc beyond what the dynamic loader and numpy
// need, an empty environment. Started as uid 65534 when the server runs as root, so process
// limits apply (RLIMIT_NPROC does nothing for root).
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';

export const SANDBOX_UID = 65534;

const TOP_LEVEL = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];

export function bwrapArgs(python: string, runnerSource: string): string[] {
  const args = ['--unshare-all', '--die-with-parent', '--new-session', '--ro-bind', '/usr', '/usr'];
  for (const name of TOP_LEVEL) {
    const path = `/${name}`;
    if (!existsSync(path)) continue;
    if (lstatSync(path).isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else args.push('--ro-bind', path, path);
  }
  // An interpreter outside /usr (a venv, /opt/python) brings its own prefix, read-only.
  const real = realpathSync(python);
  if (!real.startsWith('/usr/')) {
    const prefix = dirname(dirname(real));
    args.push('--ro-bind', prefix, prefix);
  }
  for (const etc of ['/etc/alternatives', '/etc/ld.so.cache', '/etc/localtime']) args.push('--ro-bind-try', etc, etc);
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--remount-ro', '/', '--chdir', '/tmp');
  const env: Record<string, string> = {
    PATH: '/usr/bin:/bin',
    HOME: '/tmp',
    LANG: 'C.UTF-8',
    OPENBLAS_NUM_THREADS: '1',
    OMP_NUM_THREADS: '1',
    MKL_NUM_THREADS: '1',
    NUMEXPR_MAX_THREADS: '1',
    MPLCONFIGDIR: '/tmp',
  };
  args.push('--clearenv');
  for (const [k, v] of Object.entries(env)) args.push('--setenv', k, v);
  args.push(python, '-I', '-B', '-c', runnerSource);
  return args;
}

/** spawn() options that drop a root server to the sandbox uid. */
export function dropPrivileges(): { uid?: number; gid?: number } {
  return process.getuid?.() === 0 ? { uid: SANDBOX_UID, gid: SANDBOX_UID } : {};
}
