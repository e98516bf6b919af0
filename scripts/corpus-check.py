#!/usr/bin/env python3
# Checks that .xlsx files are unmodified Excel saves, the rule for test/fixtures/corpus/ (issue 34 item 5):
# Excel named in docProps/app.xml, Excel's own zip packaging (not re-zipped), a calc chain when there
# are formulas, at most 2 MiB. Usage: python3 scripts/corpus-check.py [--quiet] PATH... (files or folders).
import re
import sys
import zipfile
from pathlib import Path

MAX_BYTES = 2 * 1024 * 1024
EXCEL_DATE = (1980, 1, 1, 0, 0, 0)
# Excel for Windows and Mac writes every entry with "version made by" 4.5 on MS-DOS, deflated with the
# "super fast" flags (bits 1 and 2), or stored (images) needing 1.0. Python's zipfile, Java's, Go's,
# .NET's, 7-Zip and Info-ZIP all write other versions or flags, and real timestamps: a workbook a
# library wrote while naming "Microsoft Excel" in app.xml (openpyxl, XlsxWriter and exceljs do)
# or one re-zipped by hand fails here.
EXCEL_ENTRIES = {(45, 20, 6, zipfile.ZIP_DEFLATED), (45, 10, 0, zipfile.ZIP_STORED)}
# Excel Online (app.xml "Microsoft Excel Online") packs with version 1.0 and no flags, still dated 1980-01-01.
ONLINE_ENTRIES = {(10, 10, 0, zipfile.ZIP_DEFLATED), (10, 10, 0, zipfile.ZIP_STORED)}


def check(path: Path) -> list[str]:
    """Reasons the file is not an unmodified Excel save; empty when it is one."""
    if path.stat().st_size > MAX_BYTES:
        return [f'larger than 2 MiB ({path.stat().st_size} bytes)']
    try:
        z = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as e:
        return [f'not a zip: {e}']
    with z:
        try:
            return read_checks(z)
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError) as e:
            return [f'a zip entry cannot be read: {e}']


def read_checks(z: zipfile.ZipFile) -> list[str]:
    names = set(z.namelist())
    reasons = []
    bad = z.testzip()
    if bad is not None:
        return [f'zip entry {bad} is damaged (CRC)']
    app = z.read('docProps/app.xml').decode('utf-8', 'replace') if 'docProps/app.xml' in names else ''
    m = re.search(r'<(?:\w+:)?Application>([^<]*)</(?:\w+:)?Application>', app)
    if not m or 'Excel' not in m.group(1):
        reasons.append(f'app.xml names {m.group(1) if m else "no application"!r}, not Excel')
    allowed = EXCEL_ENTRIES | (ONLINE_ENTRIES if m and m.group(1).strip() == 'Microsoft Excel Online' else set())
    for i in z.infolist():
        if i.date_time != EXCEL_DATE:
            reasons.append(f'entry {i.filename} dated {i.date_time}, not 1980-01-01 (re-zipped?)')
            break
        if i.create_system != 0 or (i.create_version, i.extract_version, i.flag_bits, i.compress_type) not in allowed:
            reasons.append(f'entry {i.filename} packed as made-by {i.create_system}/{i.create_version}, needs {i.extract_version}, flags {i.flag_bits}, method {i.compress_type}: not Excel\'s zip')
            break
    has_formula = any(
        n.startswith('xl/worksheets/') and n.endswith('.xml') and re.search(rb'<(?:\w+:)?f[ >/]', z.read(n))
        for n in names
    )
    if has_formula and 'xl/calcChain.xml' not in names:
        reasons.append('has formulas but no xl/calcChain.xml')
    if 'xl/workbook.xml' not in names:
        reasons.append('no xl/workbook.xml')
    return reasons


def files(args: list[str]) -> list[Path]:
    out: list[Path] = []
    for a in args:
        p = Path(a)
        out.extend(sorted(p.rglob('*.xlsx')) if p.is_dir() else [p])
    return out


def main() -> int:
    quiet = '--quiet' in sys.argv
    paths = files([a for a in sys.argv[1:] if a != '--quiet'])
    bad = 0
    for p in paths:
        reasons = check(p)
        if reasons:
            bad += 1
            print(f'FAIL {p}: {"; ".join(reasons)}')
        elif not quiet:
            print(f'ok   {p}')
    print(f'{len(paths) - bad} of {len(paths)} files are unmodified Excel saves', file=sys.stderr)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
