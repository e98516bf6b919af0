#!/usr/bin/env python3
# What an xlsx round trip keeps of things Excel files carry (issue 34): conditional-format rules,
# options and formats, cell and sheet protection, rich text runs, theme colours, autofilters and
# outline groups. Reads the XML itself (no
# openpyxl: it drops runs and resolves nothing we need), so an original and its export are read alike.
# Usage: corpus-keep.py scan FEATURES FILE... -> JSON list of the files that hold any of them ('' for all)
#        corpus-keep.py compare PAIRS.json    -> JSON {totals: {feature: [held, kept]}, files: {...}}
import json
import posixpath
import re
import sys
import zipfile

from lxml import etree

M = '{http://schemas.openxmlformats.org/spreadsheetml/2006/main}'
R = '{http://schemas.openxmlformats.org/officeDocument/2006/relationships}'
X14 = '{http://schemas.microsoft.com/office/spreadsheetml/2009/9/main}'
XM = '{http://schemas.microsoft.com/office/excel/2006/main}'
MAX_CELLS = 20000


def parse(z, name):
    try:
        return etree.fromstring(z.read(name), etree.XMLParser(huge_tree=True, recover=True))
    except KeyError:
        return None


def rels_of(z, part):
    d, b = posixpath.split(part)
    root = parse(z, posixpath.join(d, '_rels', b + '.rels'))
    out = {}
    if root is None:
        return out
    for r in root:
        t = r.get('Target', '')
        out[r.get('Id')] = t.lstrip('/') if t.startswith('/') else posixpath.normpath(posixpath.join(d, t))
    return out


def color(el):
    """A colour as (kind, value, tint): theme references kept apart from fixed RGB."""
    if el is None:
        return None
    tint = round(float(el.get('tint', '0')), 4)
    if el.get('theme') is not None:
        return ('theme', el.get('theme'), tint)
    if el.get('indexed') is not None:
        return ('indexed', el.get('indexed'), tint)
    if el.get('rgb') is not None:
        return ('rgb', el.get('rgb').upper()[-6:], tint)
    return None


def font_key(f):
    if f is None:
        return {}
    out = {}
    for tag in ('b', 'i', 'strike', 'u', 'vertAlign', 'sz', 'rFont', 'name'):
        e = f.find(M + tag)
        if e is not None:
            v = e.get('val', '1' if tag in ('b', 'i', 'strike') else 'single' if tag == 'u' else '')
            if v in ('0', 'false', 'none') and tag != 'sz':
                continue
            out['name' if tag == 'rFont' else tag] = v
    c = color(f.find(M + 'color'))
    if c:
        out['color'] = c
    return out


def canon(el):
    """An element as nested tuples (local names, sorted attributes), prefixes and order of attributes aside."""
    if el is None:
        return None
    return (etree.QName(el).localname, tuple(sorted((etree.QName(k).localname, v) for k, v in el.attrib.items())), tuple(canon(k) for k in el if isinstance(k.tag, str)))


ALIGNMENT_DEFAULTS = {'horizontal': 'general', 'vertical': 'bottom', 'textRotation': '0', 'indent': '0', 'relativeIndent': '0', 'wrapText': '0', 'shrinkToFit': '0', 'justifyLastLine': '0', 'readingOrder': '0'}


def shows(part):
    """Whether a part of a differential format shows anything: <font/>, or a <border> whose sides
    have no style (<border><vertical/><horizontal/></border>), does not."""
    if etree.QName(part).localname == 'border':
        return any(isinstance(k.tag, str) and k.get('style') not in (None, 'none') for k in part)
    return bool(len(part) or part.attrib)


def dxf_key(d):
    """What a differential format shows: font, number format code, fill and border with their colours."""
    out = {}
    f = d.find(M + 'font')
    if f is not None:
        out['font'] = tuple(sorted(font_key(f).items()))
    n = d.find(M + 'numFmt')
    if n is not None:
        out['numFmt'] = n.get('formatCode')
    fill = d.find(M + 'fill')
    pf = fill.find(M + 'patternFill') if fill is not None else None
    if pf is not None:
        out['fill'] = (pf.get('patternType'), color(pf.find(M + 'fgColor')), color(pf.find(M + 'bgColor')))
    b = d.find(M + 'border')
    if b is not None:
        sides = tuple((etree.QName(k).localname, k.get('style'), color(k.find(M + 'color'))) for k in b if isinstance(k.tag, str) and (k.get('style') or len(k)))
        if sides:
            out['border'] = sides
    for tag in ('alignment', 'protection'):
        e = d.find(M + tag)
        if e is not None:
            c = canon(e)
            # An alignment attribute at its default (horizontal="general", textRotation="0", ...) says nothing.
            out[tag] = (c[0], tuple((k, v) for k, v in c[1] if ALIGNMENT_DEFAULTS.get(k) != v), c[2]) if tag == 'alignment' else c
    return tuple(sorted(out.items()))


def scale_key(el):
    """A colour scale, data bar or icon set as Excel draws it: a min or max bound's val (ignored by
    Excel) and an icon set's first bound (always the lowest) left out, a number bound written as a
    formula (type="num" val="$A$1") the formula it is."""
    if el is None:
        return None
    kids = []
    first = True
    for k in el:
        if not isinstance(k.tag, str):
            continue
        name = etree.QName(k).localname
        if name == 'cfvo':
            a = dict(k.attrib)
            if a.get('type') in ('min', 'max'):
                a.pop('val', None)
            if a.get('type') == 'num' and a.get('val') is not None:
                try:
                    float(a['val'])
                except ValueError:
                    a['type'] = 'formula'
            if etree.QName(el).localname == 'iconSet' and first:
                a = {'first': '1'}
            first = False
            kids.append(('cfvo', tuple(sorted(a.items()))))
        elif name == 'color':
            kids.append(('color', color(k)))  # tint rounded, as for cell colours
        else:
            kids.append(canon(k))
    attrs = canon(el)[1]
    if etree.QName(el).localname == 'iconSet' and not any(k == 'iconSet' for k, _ in attrs):
        attrs = tuple(sorted(attrs + (('iconSet', '3TrafficLights1'),)))  # Excel's default set, written or not
    return (etree.QName(el).localname, attrs, tuple(kids))


CF_OPTIONS = ('operator', 'text', 'rank', 'percent', 'bottom', 'aboveAverage', 'equalAverage', 'stdDev', 'timePeriod')


class Book:
    def __init__(self, path):
        self.z = zipfile.ZipFile(path)
        wb = parse(self.z, 'xl/workbook.xml')
        rels = rels_of(self.z, 'xl/workbook.xml')
        self.sheets = []
        for s in wb.iter(M + 'sheet'):
            target = rels.get(s.get(R + 'id'))
            if target and target in self.z.namelist():
                self.sheets.append((s.get('name'), target))
        wp = wb.find(M + 'workbookProtection')
        self.workbook_protection = dict(wp.attrib) if wp is not None else None
        self.styles = parse(self.z, 'xl/styles.xml')
        self.xfs, self.fonts, self.fills, self.borders, self.dxfs = [], [], [], [], []
        if self.styles is not None:
            def kids(tag):
                e = self.styles.find(M + tag)
                return list(e) if e is not None else []
            self.fonts, self.fills, self.borders, self.dxfs = kids('fonts'), kids('fills'), kids('borders'), kids('dxfs')
            self.xfs = kids('cellXfs')
        sst = parse(self.z, 'xl/sharedStrings.xml')
        self.strings = list(sst) if sst is not None else []

    def protection(self, s):
        xf = self.xfs[s] if s < len(self.xfs) else None
        p = xf.find(M + 'protection') if xf is not None else None
        locked = p is None or p.get('locked', '1') not in ('0', 'false')
        hidden = p is not None and p.get('hidden', '0') in ('1', 'true')
        return (locked, hidden)

    def theme_slots(self, s):
        """The colours of a cell style given as theme references: slot -> (theme, tint)."""
        xf = self.xfs[s] if s < len(self.xfs) else None
        if xf is None:
            return {}
        out = {}
        def at(lst, key):
            i = int(xf.get(key, '0'))
            return lst[i] if i < len(lst) else None
        f = at(self.fonts, 'fontId')
        if f is not None:
            out['font'] = color(f.find(M + 'color'))
        fill = at(self.fills, 'fillId')
        pf = fill.find(M + 'patternFill') if fill is not None else None
        if pf is not None and pf.get('patternType', 'none') != 'none':
            out['fill fg'] = color(pf.find(M + 'fgColor'))
            if pf.get('patternType') != 'solid':
                out['fill bg'] = color(pf.find(M + 'bgColor'))
        b = at(self.borders, 'borderId')
        if b is not None:
            for side in b:
                if side.get('style'):
                    out['border ' + etree.QName(side).localname] = color(side.find(M + 'color'))
        return {k: v[1:] for k, v in out.items() if v and v[0] == 'theme'}

    def runs(self, si):
        rs = si.findall(M + 'r')
        if not rs:
            return None
        return [(''.join(t.text or '' for t in r.iter(M + 't')), font_key(r.find(M + 'rPr'))) for r in rs]

    def sheet(self, name, part):
        root = parse(self.z, part)
        out = {'cells': {}, 'cf': [], 'x14': [], 'protection': None, 'autofilter': None, 'rows': {}, 'cols': {}, 'outline_pr': None}
        if root is None:
            return out
        sp = root.find(M + 'sheetProtection')
        if sp is not None:
            out['protection'] = dict(sorted(sp.attrib.items()))
        n = 0
        for c in root.iter(M + 'c'):
            n += 1
            if n > MAX_CELLS:
                break
            s = int(c.get('s', '0'))
            runs = None
            if c.get('t') == 's':
                v = c.find(M + 'v')
                try:
                    si = self.strings[int(v.text)]
                    runs = self.runs(si)
                except (TypeError, ValueError, IndexError, AttributeError):
                    pass
            elif c.get('t') == 'inlineStr' and c.find(M + 'is') is not None:
                runs = self.runs(c.find(M + 'is'))
            out['cells'][c.get('r')] = (s, runs)
        for cf in root.findall(M + 'conditionalFormatting'):
            ref = ' '.join(sorted(cf.get('sqref', '').split()))
            for r in cf.findall(M + 'cfRule'):
                dxf = detail = None
                if r.get('dxfId') is not None and int(r.get('dxfId')) < len(self.dxfs):
                    d = self.dxfs[int(r.get('dxfId'))]
                    # An empty part (<border/>, <font/>) shows nothing: not counted as held.
                    dxf = tuple(sorted(etree.QName(k).localname for k in d if isinstance(k.tag, str) and shows(k)))
                    detail = dxf_key(d)
                formulas = tuple((f.text or '').strip() for f in r.findall(M + 'formula'))
                options = tuple((k, r.get(k)) for k in CF_OPTIONS if r.get(k) is not None and not (k in ('percent', 'bottom', 'equalAverage') and r.get(k) in ('0', 'false')) and not (k == 'aboveAverage' and r.get(k) in ('1', 'true')))
                scale = next((k for k in r if isinstance(k.tag, str) and etree.QName(k).localname in ('colorScale', 'dataBar', 'iconSet')), None)
                out['cf'].append({'ref': ref, 'type': r.get('type'), 'priority': int(r.get('priority', '0')), 'stop': r.get('stopIfTrue') in ('1', 'true'), 'dxf': dxf, 'detail': detail, 'formulas': formulas, 'options': options, 'blanks': bool(formulas) and formulas[0].upper().startswith('AND(COUNTBLANK('), 'scale': scale_key(scale)})
        af = root.find(M + 'autoFilter')
        if af is not None:
            cols = {c.get('colId'): canon(c) for c in af.findall(M + 'filterColumn')}
            ss = af.find(M + 'sortState')
            if ss is None:
                ss = root.find(M + 'sortState')
            out['autofilter'] = {'ref': (af.get('ref') or '').replace('$', ''), 'columns': cols, 'sort': canon(ss)}
        for row in root.iter(M + 'row'):
            lv = int(row.get('outlineLevel', '0'))
            col = row.get('collapsed') in ('1', 'true')
            if lv or col:
                out['rows'][row.get('r')] = (lv, col, row.get('hidden') in ('1', 'true'))
        for c in root.iter(M + 'col'):
            lv = int(c.get('outlineLevel', '0'))
            col = c.get('collapsed') in ('1', 'true')
            if lv or col:
                for i in range(int(c.get('min')), min(int(c.get('max')), 16384) + 1):
                    out['cols'][i] = (lv, col, c.get('hidden') in ('1', 'true'))
        op = root.find(M + 'sheetPr/' + M + 'outlinePr')
        if op is not None and (out['rows'] or out['cols']):
            out['outline_pr'] = (op.get('summaryBelow', '1') in ('1', 'true'), op.get('summaryRight', '1') in ('1', 'true'))
        for r in root.iter(X14 + 'cfRule'):
            cf = r.getparent()
            sq = cf.find(XM + 'sqref')
            ref = ' '.join(sorted((sq.text or '').split())) if sq is not None else ''
            inner = next((k for k in r if etree.QName(k).localname in ('dataBar', 'iconSet', 'colorScale')), None)
            attrs = dict(sorted(inner.attrib.items())) if inner is not None else {}
            if inner is not None and etree.QName(inner).localname == 'iconSet':
                attrs.setdefault('iconSet', '3TrafficLights1')  # Excel's default set, written or not (as in scale_key)
                attrs = dict(sorted(attrs.items()))
            out['x14'].append({'ref': ref, 'type': r.get('type'), 'attrs': attrs})
        return out


# What marks a file as holding each feature (KEEP_FEATURES picks some: cf,protection,rich,theme,autofilter,outline).
MARKS = {
    'cf': rb'<(\w+:)?cfRule\b',
    'protection': rb'<(\w+:)?(sheetProtection|workbookProtection)\b|<(\w+:)?protection\b[^>]*(locked="0"|hidden="1")',
    'rich': rb'<(\w+:)?r>',
    'theme': rb' theme="',
    'autofilter': rb'<(\w+:)?autoFilter\b',
    'outline': rb' outlineLevel="[1-9]',
}


def holds(path, features):
    try:
        z = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError):
        return False
    with z:
        for n in z.namelist():
            if not (n.startswith('xl/worksheets/') or n in ('xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml')):
                continue
            text = z.read(n)
            if any(re.search(MARKS[f], text) for f in features):
                return True
    return False


def compare(orig, out):
    counts = {}
    diffs = {}

    def count(feature, held, kept, why=None):
        t = counts.setdefault(feature, [0, 0])
        t[0] += held
        t[1] += kept
        if why and held > kept:
            diffs.setdefault(feature, []).append(why)

    a, b = Book(orig), Book(out)
    if a.workbook_protection:
        count('workbook protection', 1, 1 if b.workbook_protection == a.workbook_protection else 0, f'{a.workbook_protection} -> {b.workbook_protection}')
    theirs = dict(b.sheets)
    for name, part in a.sheets:
        sa = a.sheet(name, part)
        sb = b.sheet(name, theirs[name]) if name in theirs else {'cells': {}, 'cf': [], 'x14': [], 'protection': None, 'autofilter': None, 'rows': {}, 'cols': {}, 'outline_pr': None}
        fa, fb = sa['autofilter'], sb['autofilter'] or {'ref': None, 'columns': {}, 'sort': None}
        if fa:
            count('autofilter ranges', 1, 1 if fb['ref'] == fa['ref'] else 0, f'{name}: {fa["ref"]} -> {fb["ref"]}')
            for cid, c in fa['columns'].items():
                count('autofilter criteria', 1, 1 if fb['columns'].get(cid) == c else 0, f'{name} col {cid}: {c} -> {fb["columns"].get(cid)}')
            if fa['sort'] is not None:
                count('autofilter sort state', 1, 1 if fb['sort'] == fa['sort'] else 0, f'{name}: {fa["sort"]} -> {fb["sort"]}')
        for kind in ('rows', 'cols'):
            for k, (lv, col, hid) in sa[kind].items():
                got = sb[kind].get(k, (0, False, False))
                if lv:
                    count(f'outline {kind} levels', 1, 1 if got[0] == lv else 0, f'{name} {kind} {k}: {(lv, col, hid)} -> {got}')
                if col:
                    count('outline collapsed', 1, 1 if got[1] else 0, f'{name} {kind} {k}: collapsed -> {got}')
                if lv and hid:
                    count('outline hidden lines', 1, 1 if got[2] else 0, f'{name} {kind} {k}: hidden -> {got}')
        if sa['outline_pr'] and sa['outline_pr'] != (True, True):
            count('outline summary position', 1, 1 if sb['outline_pr'] == sa['outline_pr'] else 0, f'{name}: {sa["outline_pr"]} -> {sb["outline_pr"]}')
        if sa['protection']:
            count('sheet protection', 1, 1 if sb['protection'] == sa['protection'] else 0, f'{name}: {sa["protection"]} -> {sb["protection"]}')
        for ref, (s, runs) in sa['cells'].items():
            other = sb['cells'].get(ref)
            sb_s = other[0] if other else 0
            pa = a.protection(s)
            if pa != (True, False):
                count('cell protection', 1, 1 if b.protection(sb_s) == pa else 0, f'{name}!{ref} {pa}')
            if runs:
                kept = other is not None and other[1] == runs
                count('rich text', 1, 1 if kept else 0, f'{name}!{ref} {runs[:2]} -> {other[1][:2] if other and other[1] else None}')
            ta = a.theme_slots(s)
            if ta:
                tb = b.theme_slots(sb_s)
                for slot, v in ta.items():
                    count('theme colours', 1, 1 if tb.get(slot) == v else 0, f'{name}!{ref} {slot} {v} -> {tb.get(slot)}')
        # Conditional formats: rules per range, with their options and the kinds of their formats.
        def group(rules):
            g = {}
            for r in rules:
                g.setdefault(r['ref'], []).append(r)
            return g
        ga, gb = group(sa['cf']), group(sb['cf'])
        for ref, rules in ga.items():
            theirs_rules = gb.get(ref, [])
            # A rule written back as another kind (an expression as "cell value", say) counts against
            # its formula and options, not against its stop-if-true or its format.
            checks = (('cf rules', lambda r: r['type'], None), ('cf stop-if-true', lambda r: r['stop'], lambda r: r['stop']),
                      ('cf formats', lambda r: r['dxf'], None), ('cf format details', lambda r: r['detail'], lambda r: r['detail']),
                      ('cf formulas', lambda r: (r['type'], r['formulas']), lambda r: r['formulas']),
                      ('cf blanks (AND(COUNTBLANK))', lambda r: r['formulas'], lambda r: r['blanks']),
                      ('cf rule options', lambda r: (r['type'], r['options']), lambda r: r['options']),
                      ('cf scales, bars, icons', lambda r: r['scale'], lambda r: r['scale']))
            for feature, key, which in checks:
                held = [key(r) for r in rules if which is None or which(r)]
                pool = [key(r) for r in theirs_rules]
                kept = 0
                for k in held:
                    if k in pool:
                        pool.remove(k)
                        kept += 1
                if feature == 'cf rules':
                    kept = min(len(held), len(theirs_rules))
                count(feature, len(held), kept, f'{name} {ref}: {held} -> {[key(r) for r in theirs_rules]}')
        # Priority: the order of a sheet's rules, by range, as Excel applies them.
        if len(sa['cf']) > 1:
            order = lambda rules: [r['ref'] for r in sorted(rules, key=lambda r: r['priority'])]
            count('cf priority order', 1, 1 if order(sa['cf']) == order(sb['cf']) else 0, f'{name}: {order(sa["cf"])[:4]} -> {order(sb["cf"])[:4]}')
        pool = [json.dumps(r, sort_keys=True) for r in sb['x14']]
        for r in sa['x14']:
            k = json.dumps(r, sort_keys=True)
            kept = k in pool
            if kept:
                pool.remove(k)
            count('cf extension attributes', 1, 1 if kept else 0, f'{name} {k}')
    return counts, diffs


def main():
    if sys.argv[1] == 'scan':
        features = [f for f in (sys.argv[2] or ','.join(MARKS)).split(',') if f in MARKS]
        print(json.dumps([p for p in sys.argv[3:] if holds(p, features)]))
        return
    pairs = json.load(open(sys.argv[2]))
    totals, files = {}, {}
    for orig, out in pairs:
        try:
            counts, diffs = compare(orig, out)
        except Exception as e:  # one unreadable export is that file's result, not the run's end
            files[orig] = {'error': f'{type(e).__name__}: {e}'}
            continue
        files[orig] = {'counts': counts, 'diffs': {k: v[:5] for k, v in diffs.items()}}
        for k, (h, kept) in counts.items():
            t = totals.setdefault(k, [0, 0])
            t[0] += h
            t[1] += kept
    print(json.dumps({'totals': totals, 'files': files}))


if __name__ == '__main__':
    main()
