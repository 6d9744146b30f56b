import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 1 s by default. A lazily loaded piece (the dialog's Radix chunk,
// a page) can take longer on a loaded 2-core machine; waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5000 });
