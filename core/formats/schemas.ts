// Output shapes shared by the format ops: a style as the API shows it, and runs of equal formats.
import { z } from 'zod';

const BorderOut = z.object({ line: z.string(), color: z.string() });

export const StyleOut = z
  .object({
    bold: z.boolean().optional(),
    italic: z.boolean().optional(),
    underline: z.boolean().optional(),
    strikethrough: z.boolean().optional(),
    align: z.string().optional(),
    vertical_align: z.string().optional(),
    wrap: z.string().optional(),
    font_size: z.number().optional(),
    font_family: z.string().optional(),
    text_color: z.string().optional().describe('#RRGGBB; also set where the number format paints the value (a red negative).'),
    fill_color: z.string().optional(),
    number_format: z.string().optional(),
    decimals: z.number().optional(),
    currency_symbol: z.string().optional(),
    numeric_commas: z.boolean().optional(),
    negative: z.string().optional(),
    date_time: z.string().optional(),
    format_code: z.string().optional().describe('Excel number-format code (set with number_format_code, or kept from an imported file).'),
    border_top: BorderOut.optional(),
    border_bottom: BorderOut.optional(),
    border_left: BorderOut.optional(),
    border_right: BorderOut.optional(),
  })
  .catchall(z.unknown());

export const FormatRunOut = z.object({ range: z.string(), format: StyleOut });
