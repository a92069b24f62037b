const DISCORD_EPOCH = 1420070400000n;
let increment = 0n;

/** A Discord-shaped id: milliseconds since 2015 shifted left 22 bits, plus a counter. */
export function snowflake(): string {
  increment = (increment + 1n) & 0xfffn;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | increment).toString();
}
