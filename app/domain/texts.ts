// Every user-facing Danish text of Pistepris, in one place (the specification's labels word for word).

export const texts = {
  siteName: "Pistepris",
  tagline: "Find og sammenlign skirejser fra mange rejseselskaber",
  errors: {
    badJson: "Forespørgslen skal være gyldig JSON.",
    badRequest: "Forespørgslen er ugyldig.",
    notFound: "Siden findes ikke.",
    unexpected: "Der opstod en uventet fejl. Prøv igen om lidt.",
  },
} as const;
