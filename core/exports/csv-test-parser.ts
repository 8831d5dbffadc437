/**
 * A small RFC 4180 reader for the tests: records of fields, quoted fields may hold the separator,
 * doubled quotes and line breaks. It refuses what RFC 4180 does not allow (a bare quote inside an
 * unquoted field, text after a closing quote), so a writer that quotes wrongly fails its test.
 */
export function parseCsv(text: string, separator = ","): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let index = 0;
  let isQuoted = false;
  let wasQuoted = false;
  while (index < text.length) {
    const char = text[index] as string;
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
      } else if (char === '"') {
        isQuoted = false;
        wasQuoted = true;
        index++;
      } else {
        field += char;
        index++;
      }
      continue;
    }
    if (char === '"') {
      if (field !== "" || wasQuoted) throw new Error(`A quote inside an unquoted field at ${index}`);
      isQuoted = true;
      index++;
    } else if (char === separator) {
      record.push(field);
      field = "";
      wasQuoted = false;
      index++;
    } else if (char === "\r" && text[index + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      wasQuoted = false;
      index += 2;
    } else {
      if (wasQuoted) throw new Error(`Text after a closing quote at ${index}`);
      if (char === "\r" || char === "\n") throw new Error(`A bare line break outside quotes at ${index}`);
      field += char;
      index++;
    }
  }
  if (isQuoted) throw new Error("An unclosed quote");
  if (field !== "" || record.length > 0) throw new Error("The last record does not end with CRLF");
  return records;
}
