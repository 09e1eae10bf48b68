// Package llm is surety's one door to language models.
package llm
