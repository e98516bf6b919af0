// Shapes the connection ops share.
import { z } from 'zod';

export const ConnectionType = z.enum(['postgres', 'mysql']).describe('mysql also for MariaDB.');
export const ConnectionId = z.uuid({ message: 'must be a connection uuid (from list_connections)' }).describe('From list_connections.');

export const ColumnOut = z.object({ name: z.string(), type: z.string(), nullable: z.boolean(), comment: z.string().nullable() });
export const TableOut = z.object({
  schema: z.string(),
  name: z.string(),
  kind: z.enum(['table', 'view']),
  comment: z.string().nullable(),
  columns: z.array(ColumnOut),
});
