# Makes the import fixtures with openpyxl and pandas (real files from other programs):
# book.xlsx (values, formulas, styles, merges, sizes, frozen panes) and CSV files in several
# encodings and delimiters. Usage: python3 make_files.py OUTDIR
import datetime, sys, os
import openpyxl
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
import pandas as pd

out = sys.argv[1]
wb = openpyxl.Workbook()
ws = wb.active
ws.title = 'Data'
ws.append(['Item', 'Qty', 'Price', 'Date', 'Share', 'Total'])
rows = [('Apples', 3, 1.25, datetime.datetime(2024, 1, 15), 0.125), ('Pears, green', 5, 2.5, datetime.datetime(2024, 2, 29), 0.5), ('Plums "red"', 7, 0.75, datetime.datetime(1999, 12, 31), 0.25), ('Ünïcødé', 11, 10.0, datetime.datetime(2030, 6, 1), 0.125)]
for i, r in enumerate(rows, start=2):
    ws.append(list(r) + [f'=B{i}*C{i}'])
ws['H1'] = 'Sum'
ws['H2'] = '=SUM(F2:F5)'
# A function the engine does not compute (it reads XML a web service would fetch), which LibreOffice does ("6", as text).
ws['H3'] = '=_xlfn.FILTERXML("<a><b>6</b></a>","//b")'
ws['H4'] = '=ROUND(AVERAGE(C2:C5),2)'
ws['H5'] = '=IF(H2>50,"big","small")'
ws['A7'] = 'Merged title'
ws.merge_cells('A7:C8')
for c in ws[1]:
    c.font = Font(bold=True, color='FFFFFF', size=12)
    c.fill = PatternFill('solid', fgColor='305496')
    c.alignment = Alignment(horizontal='center', vertical='center')
    c.border = Border(bottom=Side(style='medium', color='000000'))
for r in range(2, 6):
    ws[f'C{r}'].number_format = '#,##0.00'
    ws[f'D{r}'].number_format = 'yyyy-mm-dd'
    ws[f'E{r}'].number_format = '0.00%'
    ws[f'F{r}'].number_format = '#,##0.00'
ws['A3'].font = Font(italic=True, color='C00000')
ws['A4'].alignment = Alignment(wrap_text=True, vertical='top')
ws['A5'].border = Border(left=Side(style='thin', color='FF0000'), right=Side(style='double', color='0000FF'))
ws['A7'].alignment = Alignment(horizontal='center')
ws.column_dimensions['A'].width = 20
ws.column_dimensions['D'].width = 14
ws.row_dimensions[1].height = 30
ws.freeze_panes = 'B2'
s2 = wb.create_sheet('Summary')
s2['A1'] = 'Grand total'
s2['B1'] = '=Data!H2'
s2['A2'] = 'Average qty'
s2['B2'] = '=AVERAGE(Data!B2:B5)'
s2['A3'] = 'Flag'
s2['B3'] = True
s2['A4'] = 'Text with = sign'
s2['B4'] = 'a=b'
wb.save(os.path.join(out, 'book.xlsx'))

df = pd.DataFrame({
    'id': [1, 2, 3, 4],
    'amount': [10.5, -3.25, 0.0, 1234567.891],
    'when': ['2024-01-15', '2023-12-31', '2020-02-29', '1999-01-01'],
    'note': ['plain', 'comma, inside', 'line\nbreak', 'quote "q"'],
    'flag': ['TRUE', 'FALSE', 'TRUE', ''],
    'city': ['Zürich', 'Kraków', 'São Paulo', 'Montréal'],
})
df.to_csv(os.path.join(out, 'utf8.csv'), index=False)
df.to_csv(os.path.join(out, 'utf8-bom.csv'), index=False, encoding='utf-8-sig')
df.to_csv(os.path.join(out, 'utf16.csv'), index=False, encoding='utf-16')
text = df.to_csv(index=False)
with open(os.path.join(out, 'utf16be.csv'), 'wb') as f:
    f.write(b'\xfe\xff' + text.encode('utf-16-be'))
df.to_csv(os.path.join(out, 'latin1.csv'), index=False, encoding='latin-1', sep=';')
df.to_csv(os.path.join(out, 'tabs.tsv'), index=False, sep='\t')
