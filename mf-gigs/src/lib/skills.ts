/** "a, b ,, c " → ["a", "b", "c"]: trimmed, empties dropped (the form's skills and the skills filter). */
export function parseSkills(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
