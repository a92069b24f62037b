const root = process.argv[2]!;
const games = Number(process.argv[3] ?? 50);
const { benchBalanceRun } = await import(`${root}/bench/balance-bench.ts`);
const r = await benchBalanceRun(games, 2);
console.log(root, JSON.stringify(r));
