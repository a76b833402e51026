package com.example.payouts;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class PayoutsApplication {
    public static void main(String[] args) {
        SpringApplication.run(PayoutsApplication.class, args);
    }
}
