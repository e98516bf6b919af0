// Short MCP descriptions for fields every tool repeats. The core's texts (core/schemas.ts) serve
// OpenAPI and REST readers; agents pay per character for each of ~70 tools, so the MCP door swaps
// the long shared texts for these when a field still carries the shared one.
import { ExpectedVersion, SheetName, SpaceId } from '../core/schemas.ts';

export const SHORT_FIELD_TEXTS: Record<string, { long: string | undefined; short: string }> = {
  expected_version: { long: ExpectedVersion.description, short: 'Version you last saw; if the file moved on, nothing is written (version_conflict).' },
  sheet: { long: SheetName.description, short: 'Sheet name; default the first sheet.' },
  space_uuid: { long: SpaceId.description, short: "Default: the token's space." },
};
