import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { constantTimeEqual } from '../src/util/constant-time';

describe('constantTimeEqual', () => {
  it('is true only for the same value, as text or bytes', () => {
    assert.equal(constantTimeEqual('csrf-token-1', 'csrf-token-1'), true);
    assert.equal(constantTimeEqual('csrf-token-1', 'csrf-token-2'), false);
    assert.equal(constantTimeEqual(Buffer.from([1, 2, 3]), Buffer.from([1, 2, 3])), true);
    assert.equal(constantTimeEqual(Buffer.from([1, 2, 3]), Buffer.from([1, 2, 4])), false);
    // text and its UTF-8 bytes are the same secret
    assert.equal(constantTimeEqual('å', Buffer.from('å', 'utf8')), true);
  });

  it('answers false for values of different lengths instead of throwing, as timingSafeEqual would', () => {
    assert.equal(constantTimeEqual('short', 'a much longer value'), false);
    assert.equal(constantTimeEqual('', 'x'), false);
    assert.equal(constantTimeEqual('', ''), true);
    assert.equal(constantTimeEqual('token', 'token\0'), false);
  });
});
