/**
 * JSON already written out, usually by PostgreSQL (`json_agg` in a list query): the web process passes
 * it on as it is instead of parsing and re-serialising every field of every row. `T` is the shape the
 * text holds; `value()` parses it for callers that need the objects (a server-rendered page).
 */
export class JsonText<T> {
  constructor(readonly text: string) {}

  value(): T {
    return JSON.parse(this.text) as T;
  }

  /** Inside a larger JSON.stringify the text stands for its value. */
  toJSON(): T {
    return this.value();
  }
}
