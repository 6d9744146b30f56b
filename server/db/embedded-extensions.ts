import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The contrib extensions the migrations create; the embedded database loads them at every open (in its worker, and for a restore). */
export const embeddedExtensions = { pg_trgm, btree_gist, btree_gin };
