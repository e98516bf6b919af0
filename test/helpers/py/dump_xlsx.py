# Dumps what openpyxl reads from an xlsx as JSON: per sheet the cells (value, cached value,
# formula, number format, font, fill, alignment, borders), merges, column widths, row heights
# and frozen panes. The tests compare the service against this. Usage: dump_xlsx.py FILE
import datetime, json, sys
import openpyxl

def plain(v):
    if isinstance(v, datetime.datetime):
        return {'date': v.isoformat()}
    if isinstance(v, (datetime.date, datetime.time)):
        return {'date': v.isoformat()}
    return v

def color(c):
    if c is None or c.type != 'rgb' or not isinstance(c.rgb, str):
        return None
    return c.rgb[-6:].upper()

path = sys.argv[1]
formulas = openpyxl.load_workbook(path)
values = openpyxl.load_workbook(path, data_only=True)
out = {}
for ws in formulas.worksheets:
    wv = values[ws.title]
    cells = {}
    for row in ws.iter_rows():
        for c in row:
            if c.value is None:
                continue
            v = wv[c.coordinate].value
            f = c.value if isinstance(c.value, str) and c.value.startswith('=') else None
            b = c.border
            cells[c.coordinate] = {
                'value': plain(v),
                'formula': f,
                'number_format': c.number_format,
                'bold': bool(c.font.b), 'italic': bool(c.font.i), 'font_color': color(c.font.color), 'font_size': c.font.sz,
                'fill': color(c.fill.fgColor) if c.fill.fill_type == 'solid' else None,
                'align': c.alignment.horizontal, 'valign': c.alignment.vertical, 'wrap': bool(c.alignment.wrap_text),
                'borders': {s: getattr(b, s).style for s in ('left', 'right', 'top', 'bottom') if getattr(b, s) is not None and getattr(b, s).style},
            }
    out[ws.title] = {
        'cells': cells,
        'merges': sorted(str(m) for m in ws.merged_cells.ranges),
        'widths': {k: v.width for k, v in ws.column_dimensions.items() if v.customWidth},
        'heights': {str(k): v.height for k, v in ws.row_dimensions.items() if v.height is not None},
        'freeze': ws.freeze_panes,
        'order': formulas.sheetnames.index(ws.title),
    }
print(json.dumps(out))
