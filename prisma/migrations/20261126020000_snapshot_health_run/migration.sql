-- A snapshot remembers which health run its selection's flags were read from. A health run that
-- finishes later queues a refresh of the saved leaderboards whose snapshot read another run; the
-- refresh keeps a snapshot whose selection the new run flags alike (lib/leaderboard/reach.ts), and
-- refits the others. NULL: no run had finished, or the snapshot was stored before this column.
ALTER TABLE "leaderboard_snapshots" ADD COLUMN "health_run" INTEGER;
