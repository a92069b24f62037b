import { benchDiscordLatency } from './bench/discord-bench.js';
const r = await benchDiscordLatency(50, Number(process.argv[2] ?? 4));
console.log(process.cwd(), JSON.stringify(r));
process.exit(0);
