/**
 * Who writes a journal record: stored in every record (`by`), so a build that meets a record it
 * cannot read can say which version wrote it. Kept equal to package.json's version by a test.
 */
export const JOURNAL_WRITER = 'shagomer 0.1.0';
