import { beforeEach, describe, expect, it, vi } from "vitest";

const mantine = vi.hoisted(() => ({ show: vi.fn(), update: vi.fn(), hide: vi.fn() }));
vi.mock("@mantine/notifications", () => ({ notifications: mantine }));

const { createNotificationProvider } = await import("../../providers/notification-provider");

beforeEach(() => {
  for (const fn of Object.values(mantine)) fn.mockClear();
});

describe("notification provider", () => {
  it("shows a success in the primary colour and an error in red, closing after 5 s", () => {
    const provider = createNotificationProvider();
    provider.open({ key: "a", type: "success", message: "Stagiaire créé", description: "Succès" });
    provider.open({ key: "b", type: "error", message: "Une erreur est survenue" });
    expect(mantine.show).toHaveBeenCalledTimes(2);
    expect(mantine.show.mock.calls[0]![0]).toMatchObject({ id: "a", color: "amber", message: "Stagiaire créé", title: "Succès", autoClose: 5000 });
    expect(mantine.show.mock.calls[1]![0]).toMatchObject({ id: "b", color: "red", message: "Une erreur est survenue" });
  });

  it("updates the notification already shown under the same key, and shows it anew once closed", () => {
    const provider = createNotificationProvider();
    provider.open({ key: "k", type: "error", message: "premier" });
    provider.open({ key: "k", type: "error", message: "second" });
    expect(mantine.show).toHaveBeenCalledTimes(1);
    expect(mantine.update).toHaveBeenCalledWith(expect.objectContaining({ id: "k", message: "second" }));
    provider.close("k");
    expect(mantine.hide).toHaveBeenCalledWith("k");
    provider.open({ key: "k", type: "error", message: "troisième" });
    expect(mantine.show).toHaveBeenCalledTimes(2);
  });
});
