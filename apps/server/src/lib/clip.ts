/** The first `max` UTF-16 units of a text, without cutting a character (an emoji) in half. */
export function headOf(text: string, max: number): string {
  const head = text.slice(0, max);
  const last = head.charCodeAt(head.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? head.slice(0, -1) : head;
}

/** A text shortened to at most `max` units, ending in an ellipsis when it was cut. */
export const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${headOf(text, max - 1).trimEnd()}…`;
