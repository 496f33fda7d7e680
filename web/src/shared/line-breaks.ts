/**
 * An e-mail address cut where a line may break when it does not fit: before each '.' and '@', so it wraps as
 * 'maximiliana' / '.alexandra' / '@example.com' rather than a few letters a line. Joined, the parts are the address.
 */
export const emailBreakParts = (email: string): string[] => email.split(/(?=[.@])/);
