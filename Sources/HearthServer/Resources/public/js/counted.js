// Counts said as a person writes them, the same rules as the server's `Int.counted(_:)`:
// "1 item", "0 items", "2 categories", "1,024 items".

/** English's regular plural: "items", "categories", "boxes", "days". */
export function regularPlural(word) {
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** The count and its noun, thousands grouped with commas. */
export function counted(count, singular, plural = regularPlural(singular)) {
  const grouped = Math.abs(count).toLocaleString("en-US");
  return `${count < 0 ? "-" : ""}${grouped} ${Math.abs(count) === 1 ? singular : plural}`;
}
