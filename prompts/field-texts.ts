// Short MCP descriptions for fields every tool repeats. The core's texts (core/schemas.ts) serve
// OpenAPI and REST readers; agents pay per character for each of ~70 tools, so the MCP door swaps
// the long shared texts for these when a field still carries the shared one ('' drops it: a
// file_uuid needs no words).
import { ExpectedVersion, FileId, SheetName, SpaceId } from '../core/schemas.ts';

/** Fields the server instructions explain once (prompts/instructions.ts), so tools repeat no words for them. */
export const EXPLAINED_ONCE = ['expected_version', 'sheet', 'space_uuid', 'file_uuid'] as const;

/**
 * Fields whose name, type, enum or pattern say all there is (bold: boolean, align: left|center|right,
 * fill_color: ^#RRGGBB$): a text would restate them, so the full surface shows none.
 */
export const SELF_EVIDENT = ['bold', 'italic', 'underline', 'strikethrough', 'align', 'vertical_align', 'font_family', 'text_color', 'fill_color', 'case_sensitive', 'private', 'width_cells', 'height_cells', 'first_row_headers', 'first_col_labels', 'chart_name', 'date_order', 'dry_run'] as const;

export const SHORT_FIELD_TEXTS: Record<string, { long: string | undefined; short: string }> = {
  expected_version: { long: ExpectedVersion.description, short: '' },
  sheet: { long: SheetName.description, short: '' },
  file_uuid: { long: FileId.description, short: '' },
  space_uuid: { long: SpaceId.description, short: '' },
};

/**
 * Sub-schemas shown in short on the full surface, where a tool repeats another tool's fields
 * (validation stays the op's own, and compact "help" shows the whole schema). op → dotted path in
 * the input JSON Schema → what to show instead.
 */
export const SCHEMA_SHORTHANDS: Record<string, Record<string, Record<string, unknown>>> = {
  import_file: { 'properties.files.items': { type: 'object', description: '{file_name, file_data | path, name?}' } },
  export_files: { 'properties.files.items': { type: 'object', description: '{file_uuid, file_name?}' } },
  run_batch_on_files: { 'properties.actions.items': { type: 'object', description: 'As run_batch: {op, args}.' } },
  batch_update_cells: {
    'properties.formats.items': { type: 'object', description: 'As format_cells: {range, sheet?, bold?, fill_color?, number_format?, ...}.' },
  },
  export_pdf: {
    'properties.pageSetup': {
      type: 'object',
      description:
        'paperSize letter|legal|tabloid|executive|a3|a4|a5, orientation portrait|landscape, margins {top,bottom,left,right,header,footer} inches, scaling {type:"zoom",percent}|{type:"fitTo",width,height|null}, centerHorizontally, centerVertically, printGridlines, printHeadings, header/footer {left,center,right} with &P &N &D &F &A &B.',
    },
    'properties.sheetOptions': { type: 'object', description: 'By sheet name: {printArea, repeatRows "1:2", repeatCols "A:B", rowBreaks [20], colBreaks ["F"]}.' },
    'properties.chartImages': { type: 'object', description: 'Base64 PNGs by chart anchor (Sheet1!D2).' },
  },
};

/**
 * Tools that take another tool's fields (an update taking its create's, a bulk read a read's): a field that is the same
 * there but for its texts is described once, in that tool, and the description says "Fields as
 * add_chart." (mcp/tools.ts). Fields of their own (nullable here, say) keep their texts.
 */
export const FIELDS_AS: Record<string, string> = {
  update_chart: 'add_chart',
  update_pivot: 'create_pivot',
  import_into_file: 'import_file',
  export_data: 'read_cells',
  set_default_size: 'set_sizes',
  update_table: 'create_table',
};
