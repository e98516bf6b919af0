# Python code cells: a fork server ("zygote") that runs inside bubblewrap (see python.ts).
# It imports pandas/numpy once, then for each job forks a child that drops into resource limits,
# runs the user's code and reports the last expression's value. After each job the zygote kills
# every other process in its PID namespace and wipes /tmp, so jobs never see each other.
# Protocol: one JSON object per line; fd 0 brings jobs and read replies, fd 1 carries messages.
import ast, datetime, decimal, io, json, linecache, math, os, resource, select, shutil, signal, sys, time, traceback

PROTO_IN = os.dup(0)
PROTO_OUT = os.dup(1)
NULL = os.open('/dev/null', os.O_RDWR)
os.dup2(NULL, 0)
os.dup2(NULL, 1)

try:
    import numpy as np
    import pandas as pd
except Exception:  # pandas is optional: cells() then returns lists of rows
    np = None
    pd = None

RUNNER_FILE = '<string>'


class LineReader:
    """Reads newline-terminated messages from a raw fd without reading past what it returns."""

    def __init__(self, fd):
        self.fd = fd
        self.buf = b''

    def readline(self):
        while b'\n' not in self.buf:
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return None
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b'\n')
        return line


def send(msg):
    data = (json.dumps(msg, ensure_ascii=False, allow_nan=False, separators=(',', ':')) + '\n').encode('utf-8', 'replace')
    view = memoryview(data)
    while view:
        n = os.write(PROTO_OUT, view)
        view = view[n:]


# ---- the child: one job ------------------------------------------------------------------------

class OutputLimit(Exception):
    pass


class CappedOutput(io.TextIOBase):
    """stdout/stderr of the user's code, kept up to a byte limit; past it, print() raises."""

    def __init__(self, limit):
        self.parts = []
        self.size = 0
        self.limit = limit
        self.over = False

    def writable(self):
        return True

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError('write() argument must be str')
        n = len(s.encode('utf-8', 'replace'))
        if self.size + n > self.limit:
            self.over = True
            raise OutputLimit(f'the code printed more than the output limit of {self.limit} bytes')
        self.parts.append(s)
        self.size += n
        return len(s)

    def text(self):
        return ''.join(self.parts)


class CellReadError(Exception):
    pass


def decode(v):
    if isinstance(v, dict) and 'd' in v:
        s = v['d']
        return datetime.datetime.fromisoformat(s) if 'T' in s else datetime.date.fromisoformat(s)
    return v


def make_api(job_pid, reader):
    def rpc(ref, single):
        if not isinstance(ref, str):
            raise TypeError(f'cell references are A1 strings like "A1" or "Sheet2!B2:C9", not {type(ref).__name__}')
        if os.getpid() != job_pid:
            raise RuntimeError('cell() and cells() work only in the main process of the code cell')
        send({'t': 'read', 'ref': ref, 'single': single})
        line = reader.readline()
        if line is None:
            raise CellReadError('the server closed the connection')
        reply = json.loads(line)
        if reply.get('error'):
            raise CellReadError(reply['error'])
        return [[decode(v) for v in row] for row in reply['values']]

    def cell(ref):
        """The value of one cell: number, text, bool, date or None when empty."""
        rows = rpc(ref, True)
        return rows[0][0] if rows and rows[0] else None

    def cells(ref, header=True):
        """A range as a pandas DataFrame (first row = column names unless header=False), or a list of rows without pandas."""
        rows = rpc(ref, False)
        if pd is None:
            return rows
        if not header or not rows:
            return pd.DataFrame(rows)
        names, seen = [], {}
        for i, h in enumerate(rows[0]):
            name = f'column{i + 1}' if h is None or h == '' else str(h)
            if name in seen:
                seen[name] += 1
                name = f'{name}.{seen[name]}'
            else:
                seen[name] = 0
            names.append(name)
        return pd.DataFrame(rows[1:], columns=names)

    return cell, cells


def enc(v):
    if v is None:
        return None
    if pd is not None and (v is pd.NaT or v is pd.NA):
        return None
    if isinstance(v, bool) or (np is not None and isinstance(v, np.bool_)):
        return bool(v)
    if isinstance(v, int) or (np is not None and isinstance(v, np.integer)):
        i = int(v)
        return i if abs(i) < 2 ** 53 else float(i)
    if isinstance(v, (float, decimal.Decimal)) or (np is not None and isinstance(v, np.floating)):
        f = float(v)
        return None if math.isnan(f) or math.isinf(f) else f
    if isinstance(v, str):
        return v
    if isinstance(v, datetime.datetime):
        return {'d': v.replace(tzinfo=None).isoformat(timespec='seconds')}
    if isinstance(v, datetime.date):
        return {'d': v.isoformat()}
    if np is not None and isinstance(v, np.datetime64):
        return enc(pd.Timestamp(v)) if pd is not None else str(v)
    return str(v)


class TooBig(Exception):
    pass


def grid(rows, max_cells):
    width = max((len(r) for r in rows), default=0)
    if len(rows) * max(width, 1) > max_cells:
        raise TooBig(f'the result has {len(rows)} rows x {width} columns; at most {max_cells} cells can spill')
    return {'kind': 'grid', 'rows': [[enc(v) for v in r] + [None] * (width - len(r)) for r in rows]}


def encode(value, max_cells):
    if value is None:
        return {'kind': 'none'}
    if pd is not None and isinstance(value, pd.Series):
        value = value.to_frame(name=value.name if value.name is not None else 'value')
    if pd is not None and isinstance(value, pd.DataFrame):
        df = value
        if not isinstance(df.index, pd.RangeIndex) or df.index.name is not None or df.index.start != 0 or df.index.step != 1:
            df = df.reset_index()
        if (len(df) + 1) * max(len(df.columns), 1) > max_cells:
            raise TooBig(f'the DataFrame has {len(df)} rows x {len(df.columns)} columns; at most {max_cells} cells can spill')
        header = [' / '.join(str(p) for p in c) if isinstance(c, tuple) else str(c) for c in df.columns]
        return grid([header] + df.astype(object).values.tolist(), max_cells)
    if np is not None and isinstance(value, np.ndarray):
        if value.ndim == 0:
            return {'kind': 'scalar', 'v': enc(value.item())}
        if value.ndim == 1:
            return grid([[v] for v in value.tolist()], max_cells)
        if value.ndim == 2:
            return grid(value.tolist(), max_cells)
        raise TooBig(f'a {value.ndim}-dimensional array cannot spill onto a sheet; return 1 or 2 dimensions')
    if isinstance(value, dict):
        return grid([[k if isinstance(k, str) else enc(k), v] for k, v in value.items()], max_cells)
    if isinstance(value, (list, tuple, range)):
        items = list(value)
        if items and all(isinstance(r, (list, tuple)) for r in items):
            return grid([list(r) for r in items], max_cells)
        return grid([[v] for v in items], max_cells)
    return {'kind': 'scalar', 'v': enc(value)}


def user_traceback(exc, filename):
    """The traceback from the first frame of the user's code on, without this runner's frames."""
    te = traceback.TracebackException.from_exception(exc)
    seen = set()
    t = te
    while t is not None and id(t) not in seen:
        seen.add(id(t))
        frames = list(t.stack)
        first = next((i for i, f in enumerate(frames) if f.filename == filename), len(frames))
        t.stack = traceback.StackSummary.from_list([f for f in frames[first:] if f.filename != RUNNER_FILE])
        t = t.__cause__ or t.__context__
    return ''.join(te.format()).rstrip()


def short_error(exc, filename, limits):
    if isinstance(exc, MemoryError):
        return f'MemoryError: the code used more memory than the limit of {limits["memory_mb"]} MB'
    if isinstance(exc, BlockingIOError) and exc.errno == 11:
        return f'BlockingIOError: the code cell may run at most {limits["processes"]} processes'
    if isinstance(exc, SystemExit):
        return f'SystemExit: the code called exit({exc.code if exc.code is not None else ""})'
    line = traceback.format_exception_only(type(exc), exc)[-1].strip()
    if isinstance(exc, ModuleNotFoundError) and exc.name in ('pandas', 'numpy'):
        line += f' ({exc.name} is not installed on this server: install the python3-{exc.name} package; without pandas, cells() returns a list of rows)'
    tb = exc.__traceback__
    lineno = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            lineno = tb.tb_lineno
        tb = tb.tb_next
    if lineno is None and isinstance(exc, SyntaxError) and exc.filename == filename:
        lineno = exc.lineno
    return f'{line} (line {lineno})' if lineno else line


def apply_limits(limits, vm_bytes):
    mem = vm_bytes + limits['memory_mb'] * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
    # One second past the wall-clock limit: a busy loop is reported as a timeout, the CPU limit is the backstop.
    cpu = max(1, math.ceil(limits['timeout_ms'] / 1000)) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
    # The zygote and bubblewrap's init count against the per-namespace process limit too.
    resource.setrlimit(resource.RLIMIT_NPROC, (limits['processes'] + 2, limits['processes'] + 2))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits['file_bytes'], limits['file_bytes']))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def child(job, workdir, vm_bytes):
    os.setsid()
    os.dup2(NULL, 2)
    os.chdir(workdir)
    os.environ['TMPDIR'] = workdir
    limits = job['limits']
    job_pid = os.getpid()
    reader = LineReader(PROTO_IN)
    out = CappedOutput(limits['output_bytes'])
    sys.stdout = sys.stderr = out
    filename = f'<cell {job["cell"]}>'
    code = job['code']
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    cell, cells = make_api(job_pid, reader)
    ns = {'__name__': '__main__', '__builtins__': __builtins__, 'cell': cell, 'cells': cells}
    if pd is not None:
        ns.update(pd=pd, np=np)
    try:
        apply_limits(limits, vm_bytes)
        tree = ast.parse(code, filename, 'exec')
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, filename, 'exec'), ns)
        value = eval(compile(ast.Expression(last.value), filename, 'eval'), ns) if last is not None else None
        if out.over:
            raise OutputLimit(f'the code printed more than the output limit of {limits["output_bytes"]} bytes')
        msg = {'t': 'result', 'ok': True, 'value': encode(value, limits['max_cells']), 'output': out.text()}
    except BaseException as exc:  # noqa: BLE001 - every failure of user code is reported, not raised
        if os.getpid() != job_pid:
            os._exit(1)
        if isinstance(exc, TooBig):
            msg = {'t': 'result', 'ok': False, 'error': f'Result too large: {exc}', 'output': out.text()}
        else:
            msg = {'t': 'result', 'ok': False, 'error': short_error(exc, filename, limits), 'traceback': user_traceback(exc, filename), 'output': out.text()}
    if os.getpid() != job_pid:
        os._exit(0)
    try:
        send(msg)
    except MemoryError:
        send({'t': 'result', 'ok': False, 'error': 'MemoryError: the result is too large to send', 'output': ''})
    os._exit(0)


# ---- the zygote --------------------------------------------------------------------------------

def vm_size():
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith('VmSize:'):
                return int(line.split()[1]) * 1024
    return 0


def sweep():
    """Kills every process of the namespace but this one and init (pid 1): leftovers of a job."""
    me = os.getpid()
    for _ in range(200):
        alive = []
        for name in os.listdir('/proc'):
            if not name.isdigit() or int(name) in (me, 1):
                continue
            try:
                with open(f'/proc/{name}/stat') as f:
                    state = f.read().rsplit(')', 1)[1].split()[0]
            except OSError:
                continue
            if state != 'Z':
                alive.append(int(name))
        if not alive:
            return
        for pid in alive:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0] > 0:
                pass
        except ChildProcessError:
            pass
        time.sleep(0.002)
    os._exit(3)  # could not clean up: let the server start a fresh sandbox


def wipe(path):
    for name in os.listdir(path):
        p = os.path.join(path, name)
        try:
            if os.path.isdir(p) and not os.path.islink(p):
                for root, dirs, _files in os.walk(p):
                    for d in dirs:
                        os.chmod(os.path.join(root, d), 0o700)
                os.chmod(p, 0o700)
                shutil.rmtree(p)
            else:
                os.unlink(p)
        except OSError:
            os._exit(4)


def wait_job(pid, timeout_ms):
    fd = os.pidfd_open(pid)
    try:
        ready, _, _ = select.select([fd], [], [], timeout_ms / 1000)
    finally:
        os.close(fd)
    timed_out = not ready
    if timed_out:
        for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
            try:
                kill()
            except OSError:
                pass
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return {'timeout': timed_out, 'code': code if code >= 0 else None, 'signal': -code if code < 0 else None}


def main():
    try:
        import ctypes
        ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0: jobs cannot ptrace the zygote
    except Exception:
        pass
    os.umask(0o077)
    reader = LineReader(PROTO_IN)
    send({'t': 'ready', 'pandas': pd is not None, 'python': sys.version.split()[0]})
    while True:
        line = reader.readline()
        if line is None:
            return
        try:
            job = json.loads(line)
        except ValueError:
            continue
        if job.get('t') != 'job':
            continue  # a late reply for a job that already ended
        reader.buf = b''
        workdir = '/tmp/job'
        os.mkdir(workdir, 0o700)
        vm = vm_size()
        pid = os.fork()
        if pid == 0:
            try:
                child(job, workdir, vm)
            finally:
                os._exit(70)
        status = wait_job(pid, job['limits']['timeout_ms'])
        sweep()
        wipe('/tmp')
        if os.path.isdir('/dev/shm'):
            wipe('/dev/shm')
        send({'t': 'exit', **status})


main()
