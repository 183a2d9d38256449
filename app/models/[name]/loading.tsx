import { PageSkeleton } from "@/components/ui/states";

export default function Loading() {
  return <PageSkeleton label="Loading the model profile" bars={["h-8 w-72", "h-4 w-96", "h-72 w-full"]} />;
}
