import Link from '@mui/material/Link';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to content' (WCAG 2.4.1): the first stop of the keyboard on every private screen, out of sight until it has
 * the focus; Enter moves the focus to the page's main content, past the navigation and the top bar.
 */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.modal + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': {
          transform: 'none',
          outline: '2px solid',
          outlineColor: 'primary.main',
          outlineOffset: 2,
        },
      }}
    >
      Skip to content
    </Link>
  );
}
