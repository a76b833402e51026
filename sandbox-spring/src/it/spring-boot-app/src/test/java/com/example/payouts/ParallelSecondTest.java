package com.example.payouts;

/** See ParallelOrders: the second of two classes of one context, whose methods run concurrently. */
class ParallelSecondTest extends ParallelOrders {}
