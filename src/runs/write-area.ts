// The folder in a runs folder where benchsite's writers keep their lock, the intent of a replacement and the
// runs they are writing (collectors/lib/content-lock.ts, run-install.ts). Never a run: whatever lists runs
// (findRunFiles, the rebuild's run stamps) passes it by.
export const WRITE_AREA = '.benchsite-write';
