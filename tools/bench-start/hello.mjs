// The yardstick of `npm run bench:start`: a Fastify hello-world that answers
// /api/health, started by plain `node` (and through npm, like `npm start`).
import Fastify from 'fastify';

const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void app.close().then(() => process.exit(0)));
