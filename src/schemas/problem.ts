// One problem of a content file, as validate, the build and the diff comment print it.

export interface Problem {
  file: string;
  /** JSON path like `tests[3].name`, or `line 12:5` for syntax errors. */
  where: string;
  message: string;
  hint: string;
  /** The whole line as printed. */
  text: string;
}
