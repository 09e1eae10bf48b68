// Package dafny is surety's Dafny frontend. It parses .dfy files with a
// tree-sitter grammar written for surety (tree-sitter-dafny/grammar.js; the
// generated parser.c is committed, regenerate it with
// "tree-sitter generate --abi 14" in that directory) and fills the
// language-neutral model of package frontend.
//
// What it reads: modules (Function.Module, dot-separated), classes, traits
// and datatypes (Function.Receiver), methods, constructors, lemmas,
// functions and predicates in Dafny 3 and Dafny 4 spellings (function
// method, ghost predicate, least and greatest predicates and lemmas,
// twostate, opaque). Function.Kind is "method", "constructor", "lemma",
// "function" or "predicate". Ghost is set for lemmas, for declarations
// marked ghost, least, greatest or twostate, and for plain functions and
// predicates in a file that uses the Dafny 3 spelling "function method" or
// "predicate method" (there, a plain function is ghost; in Dafny 4 it is
// compiled).
//
// Specs holds the contract (requires, ensures, reads, modifies, decreases)
// and, from the body, asserts, assumes and loop invariants. Calls lists
// every call expression in the body and in the contract, in source order;
// x.f(...) is a method call with qualifier x. Attributes ({:name ...}) are
// skipped wherever they appear.
package dafny
