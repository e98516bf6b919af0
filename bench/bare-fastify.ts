// The floor for small calls: a bare Fastify route answering a body shaped like GET /cells of
// A1:B2, in its own process like the service. Prints "serving on <url>" as the service does.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { sheet: 'Sheet1', range: 'A1:B2', values: [['1', '2'], ['3', '4']], errors: [] };
app.get('/v1/files/:id/cells', async () => body);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`serving on ${url}\n`);
