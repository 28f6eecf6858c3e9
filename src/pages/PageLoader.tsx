import { Center, Loader } from "@mantine/core";

/** Inside the layout, while a page's code loads. */
export function PageLoader() {
  return (
    <Center style={{ minHeight: "40vh" }} role="status" aria-label="Chargement…">
      <Loader />
    </Center>
  );
}
