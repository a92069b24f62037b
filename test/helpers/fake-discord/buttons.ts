import type { FakeMessage } from './fake-types.js';

/** The custom_id of the button whose label matches, under a message (throws, listing the labels, when none does). */
export function buttonId(message: FakeMessage, label: RegExp): string {
  const button = message.buttons.find((b) => label.test(b.label));
  if (!button) throw new Error(`no button ${label} under: ${message.buttons.map((b) => b.label).join(' | ')}`);
  return button.customId;
}
