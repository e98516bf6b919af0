// Conditional formats through every door: formula rules relative to each cell, apply_to_blank,
// priority, colour scales with thresholds and auto-contrast, re-evaluation after edits, bad input.
import { expect } from 'vitest';
import type { Door } from '../helpers/doors.ts';
import { must, newFile, type CaseGroup } from './types.ts';
import { bytesOf } from './io.ts';

const DATA = [
  ['Item', 'Qty', 'Price'],
  ['a', '5', '10'],
  ['b', '12', '20'],
  ['c', '0', '30'],
  ['d', '', '40'],
  ['e', '20', '50'],
];

async function matched(door: Door, file: string, range: string, sheet?: string): Promise<Record<string, any>> {
  const out = await must(door, 'evaluate_conditional_formats', { file_uuid: file, range, ...(sheet ? { sheet } : {}) });
  return Object.fromEntries(out.cells.map((c: any) => [c.cell, c]));
}

export const ruleCases: CaseGroup[] = [
  {
    name: 'formula rules',
    setup: async (door) => {
      const file = await newFile(door, 'rules-case', { sheets: ['Sheet1', 'Other'] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: DATA });
      await must(door, 'write_cells', { file_uuid: file, sheet: 'Other', cell: 'A1', values: [['15']] });
      return { file };
    },
    cases: [
      {
        name: 'a relative condition is evaluated at each cell',
        op: 'set_conditional_format',
        args: (fx) => ({ file_uuid: fx.file, range: 'B2:B6', formula: '=B2>10', fill_color: '#FF0000', id: 'big' }),
        ok: (d) => expect(d).toMatchObject({ id: 'big', sheet: 'Sheet1', range: 'B2:B6', type: 'formula', formula: '=B2>10', style: { fill_color: '#FF0000' }, apply_to_blank: false, created: true }),
        then: async (door, fx) => {
          const m = await matched(door, fx.file, 'A1:C6');
          expect(Object.keys(m).sort()).toEqual(['B3', 'B6']);
          expect(m.B3).toEqual({ cell: 'B3', rules: ['big'], style: { fill_color: '#FF0000' } });
        },
      },
      {
        name: 'read_formats shows rule styles only with conditional: true',
        op: 'read_formats',
        args: (fx) => ({ file_uuid: fx.file, range: 'B2:B6', conditional: true }),
        ok: (d) => expect(d.formats).toEqual([{ range: 'B3', format: { fill_color: '#FF0000' } }, { range: 'B6', format: { fill_color: '#FF0000' } }]),
        then: async (door, fx) => {
          const stored = await must(door, 'read_formats', { file_uuid: fx.file, range: 'B2:B6' });
          expect(stored.formats).toEqual([]);
        },
      },
      {
        name: 'mixed references style whole rows',
        op: 'set_conditional_format',
        args: (fx) => ({ file_uuid: fx.file, range: 'A2:C6', formula: '$B2>=12', bold: true, text_color: '#0000FF', id: 'rows' }),
        ok: (d) => expect(d.formula).toBe('=$B2>=12'),
        then: async (door, fx) => {
          const m = await matched(door, fx.file, 'A2:C6');
          expect(Object.keys(m).sort()).toEqual(['A3', 'A6', 'B3', 'B6', 'C3', 'C6']);
          // Where both rules hold, each adds its own fields; the earlier rule wins a shared one.
          expect(m.B3).toEqual({ cell: 'B3', rules: ['big', 'rows'], style: { fill_color: '#FF0000', bold: true, text_color: '#0000FF' } });
        },
      },
      {
        name: 'edits change which cells match',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B2', values: [['50'], ['1']] }),
        ok: () => undefined,
        then: async (door, fx) => {
          const m = await matched(door, fx.file, 'B2:B6');
          expect(Object.keys(m).sort()).toEqual(['B2', 'B6']);
        },
      },
      {
        name: 'formula results feed conditions',
        op: 'set_formula',
        args: (fx) => ({ file_uuid: fx.file, cell: 'B4', formula: '=B2/5+1' }),
        ok: (d) => expect(d.value).toBe('11'),
        then: async (door, fx) => {
          const m = await matched(door, fx.file, 'B2:B6');
          expect(Object.keys(m).sort()).toEqual(['B2', 'B4', 'B6']);
        },
      },
      {
        name: 'blank cells are skipped unless apply_to_blank',
        op: 'set_conditional_format',
        args: (fx) => ({ file_uuid: fx.file, range: 'B2:B6', formula: '=B2=""', fill_color: '#FFFF00', id: 'blank' }),
        ok: () => undefined,
        then: async (door, fx) => {
          expect((await matched(door, fx.file, 'B5')).B5?.rules ?? []).not.toContain('blank');
          await must(door, 'set_conditional_format', { file_uuid: fx.file, range: 'B2:B6', formula: '=B2=""', fill_color: '#FFFF00', id: 'blank', apply_to_blank: true });
          expect((await matched(door, fx.file, 'B5')).B5).toEqual({ cell: 'B5', rules: ['blank'], style: { fill_color: '#FFFF00' } });
        },
      },
      {
        name: 'conditions with functions and other sheets',
        op: 'set_conditional_format',
        args: (fx) => ({ file_uuid: fx.file, range: 'C2:C6', formula: '=AND(C2>AVERAGE($C$2:$C$6), C2>Other!$A$1)', italic: true, id: 'avg' }),
        ok: () => undefined,
        then: async (door, fx) => {
          const m = await matched(door, fx.file, 'C2:C6');
          expect(Object.keys(m).filter((k) => m[k].rules.includes('avg')).sort()).toEqual(['C5', 'C6']);
        },
      },
      {
        name: 'list_conditional_formats in priority order; PUT with an id replaces in place',
        op: 'set_conditional_format',
        args: (fx) => ({ file_uuid: fx.file, range: 'B2:B6', formula: '=B2>40', fill_color: '#00FF00', id: 'big' }),
        ok: (d) => expect(d.created).toBe(false),
        then: async (door, fx) => {
          const { rules } = await must(door, 'list_conditional_formats', { file_uuid: fx.file });
          expect(rules.map((r: any) => r.id)).toEqual(['big', 'rows', 'blank', 'avg']);
          expect(rules[0]).toMatchObject({ formula: '=B2>40', style: { fill_color: '#00FF00' } });
        },
      },
      {
        name: 'an edit by id is partial, as in Excel\'s rule manager: fields not given keep their value',
        op: 'set_conditional_format',
        args: (fx) => ({ file_uuid: fx.file, id: 'rows', italic: true }),
        ok: (d) => expect(d).toMatchObject({ id: 'rows', created: false, range: 'A2:C6', formula: '=$B2>=12', style: { bold: true, text_color: '#0000FF', italic: true }, apply_to_blank: false }),
        then: async (door, fx) => {
          const { rules } = await must(door, 'list_conditional_formats', { file_uuid: fx.file });
          expect(rules.map((r: any) => r.id)).toEqual(['big', 'rows', 'blank', 'avg']);
          expect(rules[1].style).toEqual({ bold: true, text_color: '#0000FF', italic: true });
        },
      },
      { name: 'without range or formula, an id no rule has is a 400', op: 'set_conditional_format', args: (fx) => ({ file_uuid: fx.file, id: 'nope', bold: true }), error: { code: 'invalid_argument', message: /range: is required \(no rule has id 'nope' yet\)/ } },
      {
        name: 'apply_to_blank, false and true, survives export_xlsx and import_file',
        op: 'export_xlsx',
        args: (fx) => ({ file_uuid: fx.file }),
        ok: () => undefined,
        then: async (door, fx) => {
          const before = (await must(door, 'list_conditional_formats', { file_uuid: fx.file })).rules;
          const bytes = await bytesOf(await must(door, 'export_xlsx', { file_uuid: fx.file }));
          const back = (await must(door, 'import_file', { file_name: 'rules-back.xlsx', file_data: bytes.toString('base64') })).uuid;
          const after = (await must(door, 'list_conditional_formats', { file_uuid: back })).rules;
          const shape = (r: any) => ({ range: r.range, formula: r.formula, apply_to_blank: r.apply_to_blank, style: r.style });
          expect(after.map(shape)).toEqual(before.map(shape));
          expect(before.map((r: any) => r.apply_to_blank)).toEqual([false, false, true, false]);
          // The blank B5 still takes the apply_to_blank rule, and only the cells it took before.
          expect(await matched(door, back, 'A1:C6')).toEqual(await matched(door, fx.file, 'A1:C6').then((m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, { ...v, rules: expect.any(Array) }]))));
          expect((await matched(door, back, 'B5')).B5?.style).toEqual({ fill_color: '#FFFF00' });
        },
      },
      { name: 'a rule needs a style', op: 'set_conditional_format', args: (fx) => ({ file_uuid: fx.file, range: 'B2:B6', formula: '=B2>1' }), error: { code: 'invalid_argument', message: /give at least one style field/ } },
      { name: 'a condition that does not parse', op: 'set_conditional_format', args: (fx) => ({ file_uuid: fx.file, range: 'B2:B6', formula: '=B2>', bold: true }), error: { code: 'invalid_argument', message: /formula: '=B2>' is not a valid formula/ } },
      { name: 'a bad colour', op: 'set_conditional_format', args: (fx) => ({ file_uuid: fx.file, range: 'B2:B6', formula: '=B2>1', fill_color: 'red' }), error: { code: 'invalid_argument', message: /fill_color: must be a hex color/ } },
      { name: 'a bad range', op: 'set_conditional_format', args: (fx) => ({ file_uuid: fx.file, range: 'B0:B6', formula: '=B2>1', bold: true }), error: { code: 'invalid_argument', message: /range/ } },
      { name: 'delete_conditional_format', op: 'delete_conditional_format', args: (fx) => ({ file_uuid: fx.file, id: 'blank' }), ok: (d) => expect(d.deleted).toBe(true), then: async (door, fx) => { const { rules } = await must(door, 'list_conditional_formats', { file_uuid: fx.file }); expect(rules.map((r: any) => r.id)).toEqual(['big', 'rows', 'avg']); } },
      { name: 'delete an unknown rule', op: 'delete_conditional_format', args: (fx) => ({ file_uuid: fx.file, id: 'nope' }), error: { code: 'invalid_argument', message: /id: no conditional-format rule 'nope' in this file; rules are: big, rows, avg/ } },
      {
        name: 'renaming a sheet rewrites conditions that name it',
        op: 'rename_sheet',
        args: (fx) => ({ file_uuid: fx.file, sheet: 'Other', new_name: 'My Data' }),
        ok: () => undefined,
        then: async (door, fx) => {
          const { rules } = await must(door, 'list_conditional_formats', { file_uuid: fx.file });
          expect(rules.find((r: any) => r.id === 'avg').formula).toBe("=AND(C2>AVERAGE($C$2:$C$6), C2>'My Data'!$A$1)");
          const m = await matched(door, fx.file, 'C2:C6');
          expect(Object.keys(m).filter((k) => m[k].rules.includes('avg')).sort()).toEqual(['C5', 'C6']);
        },
      },
      {
        name: 'clearing contents with keep_formats keeps the rules',
        op: 'clear_cells',
        args: (fx) => ({ file_uuid: fx.file, range: 'A2:C6', keep_formats: true }),
        ok: () => undefined,
        then: async (door, fx) => {
          const { rules } = await must(door, 'list_conditional_formats', { file_uuid: fx.file });
          expect(rules.map((r: any) => r.id)).toEqual(['big', 'rows', 'avg']);
        },
      },
    ],
  },
  {
    name: 'colour scales',
    setup: async (door) => {
      const file = await newFile(door, 'scales-case');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['10'], ['20'], ['30'], ['40'], ['50'], ['text']] });
      return { file };
    },
    cases: [
      {
        name: 'two-colour scale from min to max with auto-contrast text',
        op: 'set_color_scale',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:A6', thresholds: [{ value_type: 'min', color: '#ffffff' }, { value_type: 'max', color: '#000000' }], auto_contrast_text: true, id: 'scale' }),
        ok: (d) => expect(d).toMatchObject({ id: 'scale', type: 'color_scale', range: 'A1:A6', auto_contrast_text: true, thresholds: [{ value_type: 'min', color: '#FFFFFF' }, { value_type: 'max', color: '#000000' }] }),
        then: async (door, fx) => {
          const m = await matched(door, fx.file, 'A1:A6');
          expect(m.A1.style).toEqual({ fill_color: '#FFFFFF', text_color: '#000000' });
          expect(m.A3.style).toEqual({ fill_color: '#808080', text_color: '#000000' });
          expect(m.A5.style).toEqual({ fill_color: '#000000', text_color: '#FFFFFF' });
          expect(m.A6).toBeUndefined(); // text is not coloured
        },
      },
      {
        name: 'three-colour scale with a percentile midpoint and a number',
        op: 'set_color_scale',
        args: (fx) => ({ file_uuid: fx.file, range: 'A1:A5', thresholds: [{ value_type: 'number', value: 20, color: '#FF0000' }, { value_type: 'percentile', value: 50, color: '#FFFF00' }, { value_type: 'max', color: '#00FF00' }], id: 'scale' }),
        ok: () => undefined,
        then: async (door, fx) => {
          const m = await matched(door, fx.file, 'A1:A5');
          expect(m.A1.style).toEqual({ fill_color: '#FF0000' }); // below the first threshold: its colour
          expect(m.A2.style).toEqual({ fill_color: '#FF0000' });
          expect(m.A3.style).toEqual({ fill_color: '#FFFF00' }); // the median
          expect(m.A4.style).toEqual({ fill_color: '#80FF00' });
          expect(m.A5.style).toEqual({ fill_color: '#00FF00' });
        },
      },
      {
        name: 'the scale follows edits',
        op: 'write_cells',
        args: (fx) => ({ file_uuid: fx.file, cell: 'A5', values: [['90']] }),
        ok: () => undefined,
        then: async (door, fx) => {
          const m = await matched(door, fx.file, 'A1:A5');
          // Median is still 30; A4 = 40 is 1/6 of the way from 30 to 90.
          expect(m.A4.style.fill_color).toBe('#D5FF00');
        },
      },
      { name: 'fewer than 2 thresholds', op: 'set_color_scale', args: (fx) => ({ file_uuid: fx.file, range: 'A1:A5', thresholds: [{ value_type: 'min', color: '#FFFFFF' }] }), error: { code: 'invalid_argument', message: /thresholds: needs at least 2 thresholds/ } },
      { name: 'percent above 100', op: 'set_color_scale', args: (fx) => ({ file_uuid: fx.file, range: 'A1:A5', thresholds: [{ value_type: 'min', color: '#FFFFFF' }, { value_type: 'percent', value: 150, color: '#000000' }] }), error: { code: 'invalid_argument', message: /thresholds\[1\]\.value: must be 0\.\.100 for percent; got 150/ } },
      { name: 'percentile below 0', op: 'set_color_scale', args: (fx) => ({ file_uuid: fx.file, range: 'A1:A5', thresholds: [{ value_type: 'percentile', value: -1, color: '#FFFFFF' }, { value_type: 'max', color: '#000000' }] }), error: { code: 'invalid_argument', message: /thresholds\[0\]\.value: must be 0\.\.100/ } },
      { name: 'number without a value', op: 'set_color_scale', args: (fx) => ({ file_uuid: fx.file, range: 'A1:A5', thresholds: [{ value_type: 'number', color: '#FFFFFF' }, { value_type: 'max', color: '#000000' }] }), error: { code: 'invalid_argument', message: /thresholds\[0\]\.value: is required for number/ } },
      { name: 'max before min', op: 'set_color_scale', args: (fx) => ({ file_uuid: fx.file, range: 'A1:A5', thresholds: [{ value_type: 'max', color: '#FFFFFF' }, { value_type: 'min', color: '#000000' }] }), error: { code: 'invalid_argument', message: /thresholds\[0\]\.value_type: max can only be the last/ } },
      { name: 'unknown value_type', op: 'set_color_scale', args: (fx) => ({ file_uuid: fx.file, range: 'A1:A5', thresholds: [{ value_type: 'median', color: '#FFFFFF' }, { value_type: 'max', color: '#000000' }] }), error: { code: 'invalid_argument', message: /thresholds\[0\]\.value_type: must be one of/ } },
      { name: 'nothing changed by the failures', op: 'list_conditional_formats', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => { expect(d.rules).toHaveLength(1); expect(d.rules[0].thresholds[1]).toEqual({ value_type: 'percentile', value: 50, color: '#FFFF00' }); } },
    ],
  },
];
