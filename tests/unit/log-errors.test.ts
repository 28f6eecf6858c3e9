import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { errWithoutValues } from "../../server/http/log-errors";

const NIR = "2850275123456";

/** What PostgreSQL's driver throws for a unique violation: the values are in `detail`. */
const uniqueViolation = () =>
  Object.assign(new Error('duplicate key value violates unique constraint "trainees_ssn_unique"'), {
    code: "23505",
    detail: `Key (ssn)=(${NIR}) already exists.`,
  });

describe("errWithoutValues (the logger's err serializer)", () => {
  it("keeps the SQL, the reason and the code of a failed query, never its values", () => {
    const error = new DrizzleQueryError('insert into "trainees" ("ssn", "email") values ($1, $2)', [NIR, "marie@exemple.fr"], uniqueViolation());
    const logged = errWithoutValues(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(NIR);
    expect(text).not.toContain("marie@exemple.fr");
    expect(logged.message).toBe(
      'Failed query: insert into "trainees" ("ssn", "email") values ($1, $2)\nparams: (valeurs masquées): duplicate key value violates unique constraint "trainees_ssn_unique"',
    );
    expect(logged.stack).toContain("caused by: Error: duplicate key value");
    expect(logged).toMatchObject({ type: "DrizzleQueryError", code: "23505" });
  });

  it("drops the detail of a driver error", () => {
    const logged = errWithoutValues(uniqueViolation());
    expect(JSON.stringify(logged)).not.toContain(NIR);
    expect(logged).toMatchObject({ type: "Error", code: "23505", message: expect.stringContaining("trainees_ssn_unique") });
  });

  it("masks e-mail addresses and NIRs in any message, as a mail server's refusal carries them", () => {
    // What nodemailer throws when the SMTP server refuses the recipient.
    const refused = Object.assign(
      new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <Marie.Dupont@Exemple.fr>: Recipient address rejected`),
      { code: "EENVELOPE", response: "550 5.1.1 <Marie.Dupont@Exemple.fr>", rejected: ["Marie.Dupont@Exemple.fr"] },
    );
    const logged = errWithoutValues(refused);
    expect(JSON.stringify(logged)).not.toContain("Marie.Dupont@Exemple.fr");
    expect(logged.message).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 <(e-mail masqué)>: Recipient address rejected");
    expect(logged).toMatchObject({ type: "Error", code: "EENVELOPE" });
    const withNir = errWithoutValues(new Error(`AGORA : personne ${NIR} introuvable (SIRET 12345678901234 conservé)`));
    expect(withNir.message).toBe("AGORA : personne (NIR masqué) introuvable (SIRET 12345678901234 conservé)");
    expect(withNir.stack).not.toContain(NIR);
  });

  it("logs any other error by type, message and stack", () => {
    const logged = errWithoutValues(new TypeError("x is undefined"));
    expect(logged).toEqual({ type: "TypeError", message: "x is undefined", stack: expect.stringContaining("TypeError: x is undefined") });
  });
});
