/** SQL content for `demo-code-tests`: query-writing tasks over small schemas, with reference queries. */
import { Difficulty, SampleDraft } from "./types";

const SCHEMAS: Record<string, string> = {
  shop: "customers(id, name, country, created_at), orders(id, customer_id, order_date, status), order_items(order_id, product_id, quantity, unit_price), products(id, name, category)",
  hr: "employees(id, name, department_id, manager_id, hire_date, salary), departments(id, name, location)",
  library: "members(id, name, joined_on), books(id, title, author_id, published_year), authors(id, name, country), loans(id, book_id, member_id, loaned_on, returned_on)",
  clinic: "patients(id, name, birth_date), doctors(id, name, specialty), appointments(id, patient_id, doctor_id, starts_at, status)",
  music: "users(id, handle, country), tracks(id, title, artist_id, duration_ms), artists(id, name), plays(user_id, track_id, played_at)",
};

interface SqlTask {
  db: keyof typeof SCHEMAS;
  ask: string;
  sql: string;
  diff?: Difficulty;
  tag?: string;
}

const TASKS: SqlTask[] = [
  { db: "shop", ask: "list the names of customers who have never placed an order", sql: "SELECT c.name FROM customers c LEFT JOIN orders o ON o.customer_id = c.id WHERE o.id IS NULL;", tag: "joins", diff: "easy" },
  { db: "shop", ask: "return the top 5 products by total revenue (quantity * unit_price) across all orders, with their revenue", sql: "SELECT p.name, SUM(oi.quantity * oi.unit_price) AS revenue FROM order_items oi JOIN products p ON p.id = oi.product_id GROUP BY p.id, p.name ORDER BY revenue DESC LIMIT 5;", tag: "aggregation" },
  { db: "shop", ask: "compute monthly revenue for 2024, one row per month in chronological order, counting only orders with status 'shipped'", sql: "SELECT date_trunc('month', o.order_date) AS month, SUM(oi.quantity * oi.unit_price) AS revenue FROM orders o JOIN order_items oi ON oi.order_id = o.id WHERE o.status = 'shipped' AND o.order_date >= '2024-01-01' AND o.order_date < '2025-01-01' GROUP BY 1 ORDER BY 1;", tag: "aggregation" },
  { db: "shop", ask: "show each customer's running total of order value ordered by order date, using a window function", sql: "SELECT o.customer_id, o.order_date, SUM(t.total) OVER (PARTITION BY o.customer_id ORDER BY o.order_date, o.id) AS running_total FROM orders o JOIN (SELECT order_id, SUM(quantity * unit_price) AS total FROM order_items GROUP BY order_id) t ON t.order_id = o.id;", tag: "window functions", diff: "hard" },
  { db: "shop", ask: "find each product category's share of total revenue as a percentage rounded to one decimal", sql: "SELECT p.category, ROUND(100.0 * SUM(oi.quantity * oi.unit_price) / SUM(SUM(oi.quantity * oi.unit_price)) OVER (), 1) AS pct FROM order_items oi JOIN products p ON p.id = oi.product_id GROUP BY p.category;", tag: "window functions", diff: "hard" },
  { db: "shop", ask: "find customers whose first order was placed within 7 days of creating their account", sql: "SELECT c.id, c.name FROM customers c JOIN (SELECT customer_id, MIN(order_date) AS first_order FROM orders GROUP BY customer_id) f ON f.customer_id = c.id WHERE f.first_order <= c.created_at + INTERVAL '7 days';", tag: "subqueries" },
  { db: "hr", ask: "return the second highest distinct salary in the company, or NULL if there is none", sql: "SELECT MAX(salary) AS second_highest FROM employees WHERE salary < (SELECT MAX(salary) FROM employees);", tag: "subqueries", diff: "easy" },
  { db: "hr", ask: "list employees who earn more than their direct manager, with both salaries", sql: "SELECT e.name, e.salary, m.name AS manager, m.salary AS manager_salary FROM employees e JOIN employees m ON m.id = e.manager_id WHERE e.salary > m.salary;", tag: "joins" },
  { db: "hr", ask: "find the highest-paid employee in each department, keeping ties", sql: "SELECT name, department_id, salary FROM (SELECT e.*, RANK() OVER (PARTITION BY department_id ORDER BY salary DESC) AS rk FROM employees e) x WHERE rk = 1;", tag: "window functions" },
  { db: "hr", ask: "list departments with their headcount and average salary, including departments with no employees (count 0)", sql: "SELECT d.name, COUNT(e.id) AS headcount, AVG(e.salary) AS avg_salary FROM departments d LEFT JOIN employees e ON e.department_id = d.id GROUP BY d.id, d.name;", tag: "aggregation" },
  { db: "hr", ask: "return the full management chain (all levels of managers) above the employee with id 42 using a recursive CTE", sql: "WITH RECURSIVE chain AS (SELECT id, name, manager_id, 0 AS depth FROM employees WHERE id = 42 UNION ALL SELECT m.id, m.name, m.manager_id, c.depth + 1 FROM employees m JOIN chain c ON m.id = c.manager_id) SELECT name, depth FROM chain WHERE depth > 0 ORDER BY depth;", tag: "recursive queries", diff: "hard" },
  { db: "library", ask: "list books that are currently on loan (not yet returned) with the borrowing member's name", sql: "SELECT b.title, m.name FROM loans l JOIN books b ON b.id = l.book_id JOIN members m ON m.id = l.member_id WHERE l.returned_on IS NULL;", tag: "joins", diff: "easy" },
  { db: "library", ask: "find the three authors whose books were borrowed most often in the last 90 days", sql: "SELECT a.name, COUNT(*) AS loans FROM loans l JOIN books b ON b.id = l.book_id JOIN authors a ON a.id = b.author_id WHERE l.loaned_on >= CURRENT_DATE - INTERVAL '90 days' GROUP BY a.id, a.name ORDER BY loans DESC LIMIT 3;", tag: "aggregation" },
  { db: "library", ask: "compute the average loan duration in days per book, counting only returned loans", sql: "SELECT b.title, AVG(l.returned_on - l.loaned_on) AS avg_days FROM loans l JOIN books b ON b.id = l.book_id WHERE l.returned_on IS NOT NULL GROUP BY b.id, b.title;", tag: "aggregation" },
  { db: "library", ask: "find members who have borrowed every book by the author named 'Ursula K. Le Guin' (relational division)", sql: "SELECT m.name FROM members m WHERE NOT EXISTS (SELECT 1 FROM books b JOIN authors a ON a.id = b.author_id WHERE a.name = 'Ursula K. Le Guin' AND NOT EXISTS (SELECT 1 FROM loans l WHERE l.book_id = b.id AND l.member_id = m.id));", tag: "subqueries", diff: "hard" },
  { db: "library", ask: "detect duplicate book records that share the same title and author, listing the duplicated ids", sql: "SELECT title, author_id, ARRAY_AGG(id) AS ids FROM books GROUP BY title, author_id HAVING COUNT(*) > 1;", tag: "data quality" },
  { db: "clinic", ask: "count completed appointments per doctor specialty in 2024, ordered from busiest to least busy", sql: "SELECT d.specialty, COUNT(*) AS n FROM appointments a JOIN doctors d ON d.id = a.doctor_id WHERE a.status = 'completed' AND a.starts_at >= '2024-01-01' AND a.starts_at < '2025-01-01' GROUP BY d.specialty ORDER BY n DESC;", tag: "aggregation", diff: "easy" },
  { db: "clinic", ask: "find patients who had a no-show appointment followed by another no-show as their very next appointment, using LAG or LEAD", sql: "SELECT DISTINCT patient_id FROM (SELECT patient_id, status, LEAD(status) OVER (PARTITION BY patient_id ORDER BY starts_at) AS next_status FROM appointments) x WHERE status = 'no-show' AND next_status = 'no-show';", tag: "window functions", diff: "hard" },
  { db: "clinic", ask: "list doctors who have overlapping appointments, assuming every appointment lasts 30 minutes", sql: "SELECT DISTINCT a1.doctor_id FROM appointments a1 JOIN appointments a2 ON a1.doctor_id = a2.doctor_id AND a1.id < a2.id AND a2.starts_at < a1.starts_at + INTERVAL '30 minutes' AND a1.starts_at < a2.starts_at + INTERVAL '30 minutes';", tag: "joins" },
  { db: "music", ask: "return each user's most-played artist, breaking ties by artist name", sql: "SELECT user_id, artist FROM (SELECT p.user_id, ar.name AS artist, ROW_NUMBER() OVER (PARTITION BY p.user_id ORDER BY COUNT(*) DESC, ar.name) AS rn FROM plays p JOIN tracks t ON t.id = p.track_id JOIN artists ar ON ar.id = t.artist_id GROUP BY p.user_id, ar.name) x WHERE rn = 1;", tag: "window functions", diff: "hard" },
  { db: "music", ask: "compute daily active users for the last 30 days, including days with zero plays", sql: "SELECT d::date AS day, COUNT(DISTINCT p.user_id) AS dau FROM generate_series(CURRENT_DATE - 29, CURRENT_DATE, INTERVAL '1 day') d LEFT JOIN plays p ON p.played_at::date = d::date GROUP BY 1 ORDER BY 1;", tag: "aggregation" },
  { db: "music", ask: "list tracks longer than the average track duration of their own artist", sql: "SELECT t.title FROM tracks t WHERE t.duration_ms > (SELECT AVG(t2.duration_ms) FROM tracks t2 WHERE t2.artist_id = t.artist_id);", tag: "subqueries" },
];

export function sqlDrafts(): SampleDraft[] {
  return TASKS.map((t) => ({
    input: `Given the PostgreSQL tables ${SCHEMAS[t.db]}, write a SQL query to ${t.ask}.`,
    reference: t.sql,
    tags: ["programming", "sql", t.tag ?? "queries"],
    difficulty: t.diff,
    meta: { programming_language: "sql", schema: t.db },
  }));
}
