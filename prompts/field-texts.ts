// Short MCP descriptions for fields every tool repeats. The core's texts (core/schemas.ts) serve
// OpenAPI and REST readers; agents pay per character for each of ~70 tools, so the MCP door swaps
// the long shared texts for these when a field still carries the shared one ('' drops it: a
// file_uuid needs no words).
import { ExpectedVersion, FileId, SheetName, SpaceId } from '../core/schemas.ts';

export const SHORT_FIELD_TEXTS: Record<string, { long: string | undefined; short: string }> = {
  expected_version: { long: ExpectedVersion.description, short: 'Write only if the file is still at this version.' },
  sheet: { long: SheetName.description, short: 'Default: first sheet.' },
  file_uuid: { long: FileId.description, short: '' },
  space_uuid: { long: SpaceId.description, short: "Default: the token's space." },
};
