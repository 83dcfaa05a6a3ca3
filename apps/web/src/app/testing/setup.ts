import { configure } from '@testing-library/react';

/**
 * Setup of the web tests (vitest.config.ts `web`): `findBy…` and `waitFor` wait up to 5 s, not
 * Testing Library's 1 s. An antd screen renders in well under a second alone, but several seconds
 * while the two cores also run the API tier; a wait that gives up then says nothing about the code,
 * and a real failure still fails, 4 s later.
 */
configure({ asyncUtilTimeout: 5000 });
