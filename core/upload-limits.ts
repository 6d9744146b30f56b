/** Upload limits the server enforces (server/storage/sniff-file-type.ts), stated to users and checked early in the browser. */
export const maxUploadBytes = 10 * 1024 * 1024;

/** The file input `accept` lists: the server decides by content, these only guide the picker. */
export const idDocumentAccept = '.jpg,.jpeg,.png,.pdf';
export const profileImageAccept = 'image/*';
