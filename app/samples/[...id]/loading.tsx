import { PageSkeleton } from "@/components/ui/states";

export default function Loading() {
  return <PageSkeleton label="Loading the sample" bars={["h-8 w-80", "h-40 w-full", "h-64 w-full"]} />;
}
