/** A valid e-mail address; the top-level domain is not checked (as the client's specification asks), so 'ann@localhost' passes. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

export const isBlank = (value: string | null | undefined): boolean => !value || value.trim().length === 0;
