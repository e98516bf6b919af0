import { defineArea } from '../../area.ts';
import { addConnection } from './add-connection.ts';
import { deleteConnection } from './delete-connection.ts';
import { getConnectionSchemas } from './get-connection-schemas.ts';
import { listConnections } from './list-connections.ts';
import { searchConnectionTables } from './search-connection-tables.ts';

export const connectionsArea = defineArea({ name: 'connections', group: 'code', ops: [listConnections, addConnection, deleteConnection, getConnectionSchemas, searchConnectionTables] });
