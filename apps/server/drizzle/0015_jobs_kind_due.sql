CREATE INDEX "jobs_kind_due_idx" ON "jobs" USING btree ("kind","run_at") WHERE "jobs"."failed_at" is null;--> statement-breakpoint
-- A queue table: every claim and every finished job leaves a dead row version at the head of jobs_due_idx, which
-- each claim then steps over until a vacuum. By default a vacuum waits for 20 % of the table to be dead; here it
-- runs after every thousand changes, without pausing, and the planner's row counts follow as often.
ALTER TABLE "jobs" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_cost_delay = 0, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
