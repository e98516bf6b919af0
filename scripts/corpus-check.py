#!/usr/bin/env python3
# Checks that .xlsx files are unmodified Excel saves, the rule for test/fixtures/corpus/ (issue 34 item 5):
# Excel named in docProps/app.xml, Excel's own zip packaging (not re-zipped), a calc chain when there
# are formulas, at most 2 MiB. .xls files (test/fixtures/corpus-xls/): Excel named in SummaryInformation,
# the compound file as Excel writes it, not encrypted, at most 2 MiB.
# Usage: python3 scripts/corpus-check.py [--quiet] PATH... (files or folders).
import re
import struct
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
    if path.suffix.lower() == '.xls':
        return check_xls(path)
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


# Root storage classes of Excel 97-2003 (00020820) and Excel 5 (00020810) workbooks, as stored.
EXCEL_CLASSES = {'2008020000000000c000000000000046', '1008020000000000c000000000000046'}
END = 0xFFFFFFFE


def cfb_streams(b: bytes) -> tuple[int, str, dict[str, bytes]]:
    """A compound file's minor version, root class and streams ([MS-CFB]); raises ValueError when damaged."""
    if len(b) < 512 or b[:8] != bytes.fromhex('d0cf11e0a1b11ae1'):
        raise ValueError('not a compound file')
    minor, shift, mini_shift = struct.unpack_from('<H', b, 24)[0], struct.unpack_from('<H', b, 30)[0], struct.unpack_from('<H', b, 32)[0]
    if shift not in (9, 12) or mini_shift != 6:
        raise ValueError('odd sector sizes')
    size = 1 << shift
    nsect = (len(b) - size) // size + 1
    sector = lambda sid: b[(sid + 1) * size:(sid + 2) * size]
    fat_sids = [x for x in struct.unpack_from('<109I', b, 76) if x < nsect]
    difat, ndifat = struct.unpack_from('<II', b, 68)
    for _ in range(min(ndifat, nsect)):
        if difat >= nsect:
            break
        entries = struct.unpack(f'<{size // 4}I', sector(difat))
        fat_sids += [x for x in entries[:-1] if x < nsect]
        difat = entries[-1]
    fat = [x for sid in fat_sids for x in struct.unpack(f'<{size // 4}I', sector(sid))]

    def chain(start: int, table: list[int], limit: int) -> list[int]:
        out = []
        while start != END and start < limit and len(out) <= limit:
            out.append(start)
            start = table[start] if start < len(table) else END
        return out

    def read(start: int) -> bytes:
        return b''.join(sector(s) for s in chain(start, fat, nsect))

    directory = read(struct.unpack_from('<I', b, 48)[0])
    minifat_bytes = read(struct.unpack_from('<I', b, 60)[0])
    minifat = list(struct.unpack(f'<{len(minifat_bytes) // 4}I', minifat_bytes))
    entries = [directory[i:i + 128] for i in range(0, len(directory) - 127, 128)]
    if not entries:
        raise ValueError('no directory')
    root = entries[0]
    mini_stream = read(struct.unpack_from('<I', root, 116)[0])
    streams = {}
    for e in entries[1:]:
        if e[66] != 2:
            continue
        name = e[:max(0, struct.unpack_from('<H', e, 64)[0] - 2)].decode('utf-16-le', 'replace')
        start, length = struct.unpack_from('<II', e, 116)
        if length < 4096:
            data = b''.join(mini_stream[s * 64:(s + 1) * 64] for s in chain(start, minifat, len(minifat)))
        else:
            data = read(start)
        streams[name] = data[:length]
    return minor, root[80:96].hex(), streams


def app_name(ps: bytes) -> str:
    """PIDSI_APPNAME (0x12) of a SummaryInformation property set ([MS-OLEPS])."""
    if len(ps) < 48:
        return ''
    section = struct.unpack_from('<I', ps, 44)[0]
    count = struct.unpack_from('<I', ps, section + 4)[0]
    for i in range(min(count, 200)):
        pid, off = struct.unpack_from('<II', ps, section + 8 + 8 * i)
        if pid == 0x12:
            kind, n = struct.unpack_from('<II', ps, section + off)
            return ps[section + off + 8:section + off + 8 + n].decode('latin-1').rstrip('\0') if kind == 0x1E else ''
    return ''


def encrypted(workbook: bytes) -> bool:
    """A FILEPASS record (0x2F) among the first records: the file needs a password."""
    at = 0
    for _ in range(50):
        if at + 4 > len(workbook):
            break
        kind, n = struct.unpack_from('<HH', workbook, at)
        if kind == 0x2F:
            return True
        at += 4 + n
    return False


def check_xls(path: Path) -> list[str]:
    """Reasons an .xls was not written by Excel: Apache POI writes minor version 0x3B and other root
    classes, so a file POI rewrote fails even when it kept Excel's SummaryInformation."""
    if path.stat().st_size > MAX_BYTES:
        return [f'larger than 2 MiB ({path.stat().st_size} bytes)']
    try:
        minor, clsid, streams = cfb_streams(path.read_bytes())
        reasons = []
        if minor != 0x3E:
            reasons.append(f'compound file minor version {minor:#x}, not Excel\'s 0x3e')
        if clsid not in EXCEL_CLASSES:
            reasons.append(f'root storage class {clsid}, not an Excel workbook\'s')
        app = app_name(streams.get('\x05SummaryInformation', b''))
        if 'Excel' not in app:
            reasons.append(f'SummaryInformation names {app or "no application"!r}, not Excel')
        book = streams.get('Workbook') or streams.get('Book')
        if not book:
            reasons.append('no Workbook stream')
        elif encrypted(book):
            reasons.append('encrypted')
        return reasons
    except (ValueError, struct.error, IndexError) as e:
        return [f'not readable: {e}']


def files(args: list[str]) -> list[Path]:
    out: list[Path] = []
    for a in args:
        p = Path(a)
        out.extend(sorted(x for x in p.rglob('*') if x.suffix.lower() in ('.xlsx', '.xls')) if p.is_dir() else [p])
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
