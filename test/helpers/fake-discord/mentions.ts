/**
 * Why a message with these `allowed_mentions` could ping someone, or undefined when it pings
 * nobody: Discord parses every mention in the text when the field is missing, so it must be
 * there, parse nothing (`parse: []` or no `parse`), list no users or roles and not ping the
 * replied-to author.
 */
export function mentionProblem(allowed: unknown): string | undefined {
  if (allowed === undefined || allowed === null) return 'no allowed_mentions (Discord then pings every mention in the text)';
  if (typeof allowed !== 'object') return `allowed_mentions is ${JSON.stringify(allowed)}`;
  const a = allowed as { parse?: unknown; users?: unknown; roles?: unknown; replied_user?: unknown };
  if (a.parse !== undefined && !(Array.isArray(a.parse) && a.parse.length === 0))
    return `allowed_mentions.parse is ${JSON.stringify(a.parse)}`;
  if (Array.isArray(a.users) && a.users.length) return `allowed_mentions.users lists ${a.users.length}`;
  if (Array.isArray(a.roles) && a.roles.length) return `allowed_mentions.roles lists ${a.roles.length}`;
  if (a.replied_user === true) return 'allowed_mentions.replied_user is true';
  return undefined;
}
