import { Fragment } from 'react';
import { emailBreakParts } from '../line-breaks';

/**
 * An e-mail address that wraps at its dots and '@' when the line is too short for it (a <wbr> before each); the
 * text around it should still allow `overflowWrap: 'anywhere'` for a part longer than the whole line.
 */
export function EmailText({ email }: { email: string }) {
  return (
    <>
      {emailBreakParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
