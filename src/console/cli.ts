import { runConsole } from './main.js';

runConsole(process.argv.slice(2)).catch((err) => {
  console.error(err);
  process.exit(1);
});
