import type { z } from 'zod';

/** One entry of Discord's `_errors` list: a machine code and the sentence Discord shows. */
export interface FieldError {
  code: string;
  message: string;
}

/**
 * Discord's answer to a body it refuses (HTTP 400, code 50035): the errors nested by field
 * path, array indexes as keys, each field's list under `_errors`. discord.js flattens it to
 * "Invalid Form Body\ndata.components[0].custom_id[BASE_TYPE_MAX_LENGTH]: Must be …".
 */
export interface InvalidFormBody {
  code: 50035;
  message: 'Invalid Form Body';
  errors: Record<string, unknown>;
}

/**
 * A schema's message may carry Discord's code as "CODE|sentence" (see payload-rules.ts);
 * otherwise the code follows from the kind of issue, worded as Discord words it.
 */
export function fieldError(issue: z.core.$ZodIssue): FieldError {
  const [code, message] = issue.message.split('|');
  if (code && message && /^[A-Z_]+$/.test(code)) return { code, message };
  switch (issue.code) {
    case 'invalid_type':
      // zod keeps no input on its issues by default; its message names what it received.
      if (/received undefined$/.test(issue.message)) return { code: 'BASE_TYPE_REQUIRED', message: 'This field is required' };
      return { code: typeCode(issue.expected), message: `Could not interpret the value as ${issue.expected}.` };
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'int')
        return { code: 'NUMBER_TYPE_MAX', message: `int value should be less than or equal to ${issue.maximum}.` };
      return { code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${issue.maximum} or fewer in length.` };
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'int')
        return { code: 'NUMBER_TYPE_MIN', message: `int value should be greater than or equal to ${issue.minimum}.` };
      return { code: 'BASE_TYPE_MIN_LENGTH', message: `Must be ${issue.minimum} or more in length.` };
    case 'invalid_value':
      return { code: 'BASE_TYPE_CHOICES', message: `Value must be one of {${issue.values.map((v) => JSON.stringify(v)).join(', ')}}.` };
    case 'invalid_union':
      return {
        code: 'UNION_TYPE_CHOICES',
        message: `Value of field "type" must be one of (${'options' in issue ? issue.options?.join(', ') : '…'}).`,
      };
    default:
      return { code: 'BASE_TYPE_INVALID', message: issue.message };
  }
}

function typeCode(expected: string): string {
  if (expected === 'number' || expected === 'int') return 'NUMBER_TYPE_COERCE';
  if (expected === 'string') return 'BASE_TYPE_STRING';
  if (expected === 'boolean') return 'BASE_TYPE_BOOLEAN';
  if (expected === 'array') return 'LIST_TYPE_CONVERT';
  return 'DICT_TYPE_CONVERT';
}

/** The issues of a failed parse, nested by path as Discord nests them. */
export function invalidFormBody(issues: readonly z.core.$ZodIssue[]): InvalidFormBody {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    let node = errors;
    for (const key of issue.path) node = (node[String(key)] ??= {}) as Record<string, unknown>;
    ((node._errors ??= []) as FieldError[]).push(fieldError(issue));
  }
  return { code: 50035, message: 'Invalid Form Body', errors };
}

/** The refusal's field paths and codes on one line each, as discord.js prints them: for records and test output. */
export function describeFormErrors(body: InvalidFormBody): string[] {
  const lines: string[] = [];
  const walk = (node: Record<string, unknown>, path: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === '_errors') for (const e of value as FieldError[]) lines.push(`${path}[${e.code}]: ${e.message}`);
      else walk(value as Record<string, unknown>, /^\d+$/.test(key) ? `${path}[${key}]` : path ? `${path}.${key}` : key);
    }
  };
  walk(body.errors, '');
  return lines;
}
