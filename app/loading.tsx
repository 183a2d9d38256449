import { PageSkeleton } from "@/components/ui/states";

export default function Loading() {
  return <PageSkeleton label="Loading" className="space-y-3" bars={["h-8 w-64", "h-4 w-96", "h-64 w-full"]} />;
}
