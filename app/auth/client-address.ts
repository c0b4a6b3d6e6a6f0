/** The request header the server entry (server.ts) sets to the client's socket address, overwriting any the client sent. */
export const CLIENT_ADDRESS_HEADER = "x-pistepris-client-address";
