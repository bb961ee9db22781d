// Form document formats (docs/adr/0010-form-format-versions.md): what reads a written
// document of any format, and the pieces the check and the tools put together.
export { CURRENT_FORMAT, formatOf, migrateDocument, type Migration } from './migrate.ts';
export { fieldsToMaps, documentMessages, type DocumentField, type FormatTwoDocument, type MapShape } from './fields-to-maps.ts';
export { FORMAT_2_SHARED_MESSAGES } from './v1-to-v2.ts';
export { resolveWritten } from './resolve.ts';
