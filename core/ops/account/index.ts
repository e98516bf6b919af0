import { defineArea } from '../../area.ts';
import { createToken } from './create-token.ts';
import { getMe } from './get-me.ts';
import { listTokens } from './list-tokens.ts';
import { revokeToken } from './revoke-token.ts';

export const accountArea = defineArea({ name: 'account', group: 'files', ops: [getMe, createToken, listTokens, revokeToken] });
