# Compares an Excel-written workbook with the service's export of it, as openpyxl reads both:
# the oracle of the round-trip suite (test/roundtrip.test.ts, npm run roundtrip). For every
# category it counts what the original has and how much of it the export kept, with a few
# examples of what differs.
#
# Usage: roundtrip_compare.py PAIRS.json  (a JSON list of [original, exported] paths)
# Prints {"files": {original: {"counts": {category: [total, kept]}, "diffs": {category: [...]}}}}.
#
# Colours are compared as the RGB a reader sees: theme colours resolved through the file's own
# theme with Excel's tint rule, indexed colours through the default palette, each channel within
# 2 of the other (tint arithmetic rounds differently from program to program).
import colorsys, datetime, json, os, re, resource, sys, warnings
import xml.etree.ElementTree as ET
import openpyxl
from openpyxl.styles.colors import COLOR_INDEX
from openpyxl.cell.cell import MergedCell

# openpyxl walks a sheet cell by cell over its whole used range: a file whose rows start at 100,000
# grows without bound. Past this limit that file is reported (MemoryError) instead of the machine
# killing the run.
_LIMIT = int(os.environ.get('ROUNDTRIP_PY_MEMORY', str(6 << 30)))
resource.setrlimit(resource.RLIMIT_AS, (_LIMIT, _LIMIT))

warnings.filterwarnings('ignore')

A = '{http://schemas.openxmlformats.org/drawingml/2006/main}'
SCHEME = ['lt1', 'dk1', 'lt2', 'dk2', 'accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6', 'hlink', 'folHlink']


def theme_colors(wb):
    out = {}
    xml = getattr(wb, 'loaded_theme', None)
    if not xml:
        return out
    root = ET.fromstring(xml)
    scheme = root.find(f'.//{A}clrScheme')
    if scheme is None:
        return out
    for child in scheme:
        tag = child.tag.replace(A, '')
        for c in child:
            val = c.get('lastClr') or c.get('val')
            if val and re.fullmatch(r'[0-9A-Fa-f]{6}', val):
                out[tag] = val.upper()
    return [out.get(k) for k in SCHEME]


def tinted(rgb, tint):
    if not tint:
        return rgb
    r, g, b = (int(rgb[i:i + 2], 16) / 255 for i in (0, 2, 4))
    h, l, s = colorsys.rgb_to_hls(r, g, b)
    l = l * (1 + tint) if tint < 0 else l * (1 - tint) + tint
    r, g, b = colorsys.hls_to_rgb(h, l, s)
    return ''.join(f'{round(x * 255):02X}' for x in (r, g, b))


def resolve(c, theme):
    """The colour's RGB, or None when it is automatic / absent."""
    if c is None:
        return None
    try:
        if c.type == 'rgb' and isinstance(c.rgb, str):
            return c.rgb[-6:].upper() if c.rgb[:2].upper() != '00' or c.rgb[-6:] != '000000' else None
        if c.type == 'theme' and c.theme is not None and c.theme < len(theme) and theme[c.theme]:
            return tinted(theme[c.theme], c.tint or 0)
        if c.type == 'indexed' and c.indexed is not None:
            if c.indexed < 64:
                return tinted(COLOR_INDEX[c.indexed][-6:].upper(), c.tint or 0)
            return None  # 64: system foreground, 65: system background (automatic)
    except Exception:
        return None
    return None


def same_color(a, b):
    if a is None or b is None:
        return a == b
    return all(abs(int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) <= 2 for i in (0, 2, 4))


def font_key(f, theme):
    color = resolve(f.color, theme)
    return {
        'name': f.name, 'size': float(f.sz) if f.sz is not None else 11.0, 'bold': bool(f.b), 'italic': bool(f.i),
        'underline': f.u or None, 'strike': bool(f.strike), 'color': None if color == '000000' else color,
        'vert': f.vertAlign or None,
    }


def fill_key(fl, theme):
    t = getattr(fl, 'fill_type', None) or getattr(fl, 'patternType', None)
    if getattr(fl, 'type', None) == 'gradient' or fl.__class__.__name__ == 'GradientFill':
        stops = [resolve(s.color, theme) for s in (fl.stop or [])]
        return {'type': 'gradient', 'degree': float(fl.degree or 0), 'stops': stops}
    if not t or t == 'none':
        return None
    if t == 'solid':
        return {'type': 'solid', 'fg': resolve(fl.fgColor, theme) or '000000'}
    return {'type': t, 'fg': resolve(fl.fgColor, theme) or '000000', 'bg': resolve(fl.bgColor, theme) or 'FFFFFF'}


def side_key(s, theme):
    if s is None or not s.style:
        return None
    return {'style': s.style, 'color': resolve(s.color, theme) or '000000'}


def border_key(b, theme):
    out = {k: side_key(getattr(b, k), theme) for k in ('left', 'right', 'top', 'bottom')}
    d = side_key(b.diagonal, theme)
    if d and (b.diagonalUp or b.diagonalDown):
        out['diagonal'] = {**d, 'up': bool(b.diagonalUp), 'down': bool(b.diagonalDown)}
    return {k: v for k, v in out.items() if v}


def align_key(a):
    return {
        'horizontal': None if a.horizontal in (None, 'general') else a.horizontal,
        'vertical': None if a.vertical in (None, 'bottom') else a.vertical,
        'wrap': bool(a.wrap_text), 'shrink': bool(a.shrink_to_fit), 'indent': int(a.indent or 0),
        'rotation': int(a.text_rotation or 0),
    }


DEFAULT_ALIGN = {'horizontal': None, 'vertical': None, 'wrap': False, 'shrink': False, 'indent': 0, 'rotation': 0}


def same(cat, a, b):
    if cat in ('font', 'fill', 'border'):
        return eq_colors(a, b)
    return a == b


def eq_colors(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            return False
        return all(eq_colors(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(eq_colors(x, y) for x, y in zip(a, b))
    if isinstance(a, str) and isinstance(b, str) and re.fullmatch(r'[0-9A-F]{6}', a) and re.fullmatch(r'[0-9A-F]{6}', b):
        return same_color(a, b)
    return a == b


def norm_formula(f):
    """Formula text as written, less what does not change its meaning: _xlfn. prefixes, spaces
    outside strings, case outside strings."""
    if f is None:
        return None
    parts = re.split(r'("(?:[^"]|"")*")', f)
    out = []
    for i, p in enumerate(parts):
        if i % 2:
            out.append(p)
        else:
            p = re.sub(r'_xl(fn|ws)\.', '', p, flags=re.I)
            out.append(re.sub(r'\s+', '', p).upper())
    return ''.join(out)


def formula_of(v):
    if isinstance(v, str) and v.startswith('='):
        return v
    text = getattr(v, 'text', None)
    if isinstance(text, str):
        return text if text.startswith('=') else '=' + text
    return None


def norm_value(v):
    if isinstance(v, datetime.datetime):
        return v.isoformat()
    if isinstance(v, (datetime.date, datetime.time, datetime.timedelta)):
        return str(v)
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def same_value(a, b):
    a, b = norm_value(a), norm_value(b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) and not isinstance(b, bool):
        return abs(a - b) <= max(1e-12, 1e-9 * abs(a))
    return a == b


def norm_numfmt(code):
    # Date codes with escaped separators show the same as bare ones.
    return re.sub(r'\\([-/: ])', r'\1', code or 'General')


def col_widths(ws):
    out = {}
    for dim in ws.column_dimensions.values():
        if not dim.customWidth or dim.width is None:
            continue
        lo, hi = dim.min or 0, dim.max or 0
        if not lo:
            continue
        for c in range(lo, min(hi, lo + 255) + 1):
            out[c] = 0.0 if dim.hidden else round(float(dim.width), 3)
    return out


def frozen(ws):
    """Rows and columns frozen: the split, not the pane's scroll position (topLeftCell)."""
    pane = ws.sheet_view.pane
    if pane is None or pane.state not in ('frozen', 'frozenSplit'):
        return None
    return (int(pane.ySplit or 0), int(pane.xSplit or 0))


def hidden_lines(ws):
    rows = {r for r, d in ws.row_dimensions.items() if d.hidden}
    cols = set()
    for dim in ws.column_dimensions.values():
        if dim.hidden and dim.min:
            cols.update(range(dim.min, min(dim.max or dim.min, dim.min + 255) + 1))
    return rows, cols


def rules_of(ws):
    """One item per rule and range: a multi-range rule may come back as one rule per range, and a
    cell-value rule as the expression that says the same (its kind is counted apart)."""
    out = []
    for cf in ws.conditional_formatting:
        for r in cf.rules:
            for rng in str(cf.sqref).split():
                out.append(rng.replace('$', ''))
    return sorted(out)


def rule_kinds(ws):
    return sorted(f'{cf.sqref}|{r.type}' for cf in ws.conditional_formatting for r in cf.rules)


def header_footer(ws):
    out = []
    for part in ('oddHeader', 'oddFooter'):
        hf = getattr(ws, part, None)
        for side in ('left', 'center', 'right'):
            t = getattr(getattr(hf, side, None), 'text', None)
            if t:
                out.append(f'{part}.{side}={t}')
    return sorted(out)


def names_of(wb):
    out = {}
    for dn in wb.defined_names.definedName:
        if dn.name.startswith('_xlnm.') or dn.name.startswith('_xlfn.'):
            continue
        scope = wb.sheetnames[dn.localSheetId] if dn.localSheetId is not None and dn.localSheetId < len(wb.sheetnames) else ''
        out[f'{scope}!{dn.name}'] = (dn.attr_text or '').replace(' ', '')
    return out


class Tally:
    def __init__(self):
        self.counts = {}
        self.diffs = {}

    def add(self, cat, ok, example=None, n=1):
        t = self.counts.setdefault(cat, [0, 0])
        t[0] += n
        if ok:
            t[1] += n
        elif example is not None:
            d = self.diffs.setdefault(cat, [])
            if len(d) < int(os.environ.get("ROUNDTRIP_DIFFS", "5")):
                d.append(example)

    def pair(self, cat, orig, got, where):
        """A countable feature: `orig` and `got` are lists of comparable items."""
        remaining = list(got)
        for item in orig:
            if item in remaining:
                remaining.remove(item)
                self.add(cat, True)
            else:
                self.add(cat, False, f'{where}: {item}')


VOLATILE = re.compile(r'\b(NOW|TODAY|RAND|RANDBETWEEN|RANDARRAY|INFO|CELL|OFFSET|INDIRECT)\s*\(', re.I)
LO_ERRORS = re.compile(r'^(#[A-Z/0!?]+|Err:\d+)')


def same_result(ours, theirs):
    """Our cached value and LibreOffice's: errors agree when both are errors (LibreOffice names
    some differently, Err:502 for #NUM!), numbers within 1e-9 relative."""
    if isinstance(ours, str) and LO_ERRORS.match(ours):
        return isinstance(theirs, str) and bool(LO_ERRORS.match(theirs))
    return same_value(ours, theirs)


def compare_libreoffice(t, out_path, lo_path, orig_path=None):
    """Every formula of our export against LibreOffice's recalculation of the same file. Where
    LibreOffice's value is the one Excel cached in the original, the cell also counts in 'LibreOffice
    agrees where it agrees with Excel': that isolates our mistakes from the functions LibreOffice
    lacks or computes otherwise than Excel (function test workbooks are full of those)."""
    try:
        lo = openpyxl.load_workbook(lo_path, data_only=True)
    except Exception as err:
        t.add('opens in LibreOffice', False, f'{type(err).__name__}: {err}')
        return
    t.add('opens in LibreOffice', True)
    excel = openpyxl.load_workbook(orig_path, data_only=True) if orig_path else None
    wf = openpyxl.load_workbook(out_path)
    wv = openpyxl.load_workbook(out_path, data_only=True)
    for ws in wf.worksheets:
        if ws.title not in lo.sheetnames:
            t.add('LibreOffice agrees', False, f'{ws.title}: sheet missing')
            continue
        ls, vs = lo[ws.title], wv[ws.title]
        for row in ws.iter_rows():
            for c in row:
                f = formula_of(c.value)
                if f is None or f == '=' or VOLATILE.search(f):
                    continue
                ours, theirs = vs[c.coordinate].value, ls[c.coordinate].value
                t.add('LibreOffice agrees', same_result(ours, theirs), f'{ws.title}!{c.coordinate} {f}: {ours!r} vs LibreOffice {theirs!r}')
                if excel is not None and ws.title in excel.sheetnames:
                    cached = excel[ws.title][c.coordinate].value
                    if cached is not None and same_result(cached, theirs):
                        t.add('LibreOffice agrees where it agrees with Excel', same_result(ours, theirs), f'{ws.title}!{c.coordinate} {f}: {ours!r} vs LibreOffice and Excel {theirs!r}')


def compare(orig_path, out_path, lo_path=None, drifting=frozenset()):
    """`drifting`: formula cells ('Sheet!A1') whose value follows the clock or chance, not compared."""
    t = Tally()
    if lo_path:
        compare_libreoffice(t, out_path, lo_path, orig_path)
    wo = openpyxl.load_workbook(orig_path)
    we = openpyxl.load_workbook(out_path)
    vo = openpyxl.load_workbook(orig_path, data_only=True)
    ve = openpyxl.load_workbook(out_path, data_only=True)
    theme_o, theme_e = theme_colors(wo), theme_colors(we)
    t.pair('sheets', wo.sheetnames, we.sheetnames, 'workbook')
    no, ne = names_of(wo), names_of(we)
    for k, v in no.items():
        t.add('names', ne.get(k) == v, f'{k}={v} -> {ne.get(k)}')
    for ws in wo.worksheets:
        if ws.title not in we.sheetnames:
            continue
        xs = we[ws.title]
        vws, vxs = vo[ws.title], ve[ws.title]
        where = ws.title
        for row in ws.iter_rows():
            for c in row:
                e = xs.cell(row=c.row, column=c.column)
                at = f'{where}!{c.coordinate}'
                f = formula_of(c.value)
                if f == '=':
                    # A cell a dynamic array spills into (<f ca="1"/> with no text): only its value counts.
                    ov, ev = vws[c.coordinate].value, vxs[c.coordinate].value
                    if ov is not None and at not in drifting:
                        t.add('formula results', same_value(ov, ev), f'{at}: {ov!r} -> {ev!r}')
                elif f is not None:
                    g = formula_of(e.value)
                    t.add('formulas', norm_formula(f) == norm_formula(g), f'{at}: {f} -> {g}')
                    t.add('formulas as written', f == g, f'{at}: {f} -> {g}')
                    ov, ev = vws[c.coordinate].value, vxs[c.coordinate].value
                    if ov is not None and at not in drifting:
                        t.add('formula results', same_value(ov, ev), f'{at}: {ov!r} -> {ev!r}')
                elif c.value is not None:
                    t.add('values', same_value(c.value, e.value), f'{at}: {c.value!r} -> {e.value!r}')
                if not c.has_style and not e.has_style:
                    continue
                # openpyxl replaces the cells a merge covers with MergedCells and rebuilds their
                # styles from the anchor's: what it shows there is its own, not the file's.
                if isinstance(c, MergedCell) or isinstance(e, MergedCell):
                    continue
                if c.value is not None or e.value is not None:
                    a, b = norm_numfmt(c.number_format), norm_numfmt(e.number_format)
                    if a != 'General' or b != 'General':
                        t.add('number formats', a == b, f'{at}: {a} -> {b}')
                fa, fb = font_key(c.font, theme_o), font_key(e.font, theme_e)
                base = font_key(wo._fonts[0], theme_o) if wo._fonts else None
                if fa != base or fb != base:
                    t.add('fonts', eq_colors(fa, fb), f'{at}: {fa} -> {fb}')
                fa, fb = fill_key(c.fill, theme_o), fill_key(e.fill, theme_e)
                if fa or fb:
                    t.add('fills', eq_colors(fa, fb), f'{at}: {fa} -> {fb}')
                fa, fb = border_key(c.border, theme_o), border_key(e.border, theme_e)
                if fa or fb:
                    t.add('borders', eq_colors(fa, fb), f'{at}: {fa} -> {fb}')
                fa, fb = align_key(c.alignment), align_key(e.alignment)
                if fa != DEFAULT_ALIGN or fb != DEFAULT_ALIGN:
                    t.add('alignment', fa == fb, f'{at}: {fa} -> {fb}')
        t.pair('merges', sorted(str(m) for m in ws.merged_cells.ranges), sorted(str(m) for m in xs.merged_cells.ranges), where)
        wa, wb_ = col_widths(ws), col_widths(xs)
        default_w = xs.sheet_format.defaultColWidth
        for col, w in wa.items():
            got = wb_.get(col, default_w)
            # One pixel (1/7 of a character at the default font) either way.
            t.add('column widths', got is not None and abs(got - w) <= 1 / 7 + 1e-6, f'{where} col {col}: {w} -> {got}')
        default_e = xs.sheet_format.defaultRowHeight or 15
        for r, d in ws.row_dimensions.items():
            if d.height is not None and d.customHeight and not d.hidden:
                g = xs.row_dimensions[r].height if r in xs.row_dimensions else None
                g = default_e if g is None else g
                # Within one pixel (0.75 pt).
                t.add('row heights', abs(g - d.height) <= 0.75, f'{where} row {r}: {d.height} -> {g}')
        fo, fe = frozen(ws), frozen(xs)
        if fo:
            t.add('frozen panes', fo == fe, f'{where}: {fo} -> {fe}')
        ho, he = hidden_lines(ws), hidden_lines(xs)
        t.pair('hidden rows', sorted(ho[0]), sorted(he[0]), where)
        t.pair('hidden columns', sorted(ho[1]), sorted(he[1]), where)
        if ws.sheet_view.showGridLines is False:
            t.add('gridlines hidden', xs.sheet_view.showGridLines is False, where)
        tab = resolve(ws.sheet_properties.tabColor, theme_o)
        if tab:
            t.add('tab colours', same_color(tab, resolve(xs.sheet_properties.tabColor, theme_e)), f'{where}: {tab}')
        if ws.sheet_state != 'visible':
            t.add('sheet visibility', xs.sheet_state == ws.sheet_state, f'{where}: {ws.sheet_state} -> {xs.sheet_state}')
        t.pair('conditional formats', rules_of(ws), rules_of(xs), where)
        t.pair('conditional format kinds', rule_kinds(ws), rule_kinds(xs), where)
        t.pair('data validations', sorted(f'{dv.sqref}|{dv.type}' for dv in ws.data_validations.dataValidation), sorted(f'{dv.sqref}|{dv.type}' for dv in xs.data_validations.dataValidation), where)
        t.pair('tables', sorted(f'{n}|{ref}' for n, ref in ws.tables.items()), sorted(f'{n}|{ref}' for n, ref in xs.tables.items()), where)
        t.pair('charts', sorted(type(ch).__name__ for ch in ws._charts), sorted(type(ch).__name__ for ch in xs._charts), where)
        t.pair('images', ['image'] * len(ws._images), ['image'] * len(xs._images), where)
        t.pair('comments', sorted(c.coordinate for row in ws.iter_rows() for c in row if c.comment), sorted(c.coordinate for row in xs.iter_rows() for c in row if c.comment), where)
        t.pair('hyperlinks', sorted(h.ref for h in ws._hyperlinks), sorted(h.ref for h in xs._hyperlinks), where)
        if ws.auto_filter and ws.auto_filter.ref:
            t.add('autofilters', bool(xs.auto_filter and xs.auto_filter.ref == ws.auto_filter.ref), f'{where}: {ws.auto_filter.ref}')
        if ws.print_area:
            t.add('print setup', ws.print_area == xs.print_area, f'{where}: print area {ws.print_area} -> {xs.print_area}')
        if ws.print_title_rows or ws.print_title_cols:
            t.add('print setup', (ws.print_title_rows, ws.print_title_cols) == (xs.print_title_rows, xs.print_title_cols), f'{where}: print titles')
        po, pe = ws.page_setup, xs.page_setup
        for attr in ('orientation', 'paperSize', 'fitToWidth', 'fitToHeight', 'scale'):
            a = getattr(po, attr)
            if a is not None and str(a) not in ('default', '1', '100') or (attr == 'orientation' and a == 'landscape'):
                t.add('print setup', str(getattr(pe, attr)) == str(a), f'{where}: {attr} {a} -> {getattr(pe, attr)}')
        if ws.sheet_properties.pageSetUpPr is not None and ws.sheet_properties.pageSetUpPr.fitToPage:
            ok = xs.sheet_properties.pageSetUpPr is not None and bool(xs.sheet_properties.pageSetUpPr.fitToPage)
            t.add('print setup', ok, f'{where}: fit to page')
        mo, me = ws.page_margins, xs.page_margins
        for attr in ('left', 'right', 'top', 'bottom', 'header', 'footer'):
            a, b = getattr(mo, attr), getattr(me, attr)
            if a is not None:
                t.add('print margins', b is not None and abs(float(a) - float(b)) < 1e-6, f'{where}: {attr} {a} -> {b}')
        t.pair('headers and footers', header_footer(ws), header_footer(xs), where)
        if ws.protection and ws.protection.sheet:
            t.add('protection', bool(xs.protection and xs.protection.sheet), where)
    return {'counts': t.counts, 'diffs': t.diffs}


def main():
    pairs = json.load(open(sys.argv[1]))
    drifting = json.load(open(sys.argv[2])) if len(sys.argv) > 2 else {}
    out = {}
    for orig, exported, *lo in pairs:
        try:
            out[orig] = compare(orig, exported, lo[0] if lo else None, frozenset(drifting.get(orig, ())))
        except Exception as err:  # a file openpyxl cannot read is reported, not fatal
            out[orig] = {'error': f'{type(err).__name__}: {err}'}
    print(json.dumps({'files': out}))


main()
